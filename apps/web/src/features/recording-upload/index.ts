export type { RecordingSink, RecordingSinkOptions } from "./contract";
export { RecordingUploads } from "./recording-uploads";
export { openRecordingSink } from "./sink";
export { UploadProgress } from "./upload-progress";
