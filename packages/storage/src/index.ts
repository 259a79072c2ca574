export { type StorageConfig, storageConfigFromEnv, storageConfigToEnv } from "./config";
export { isObjectNotFoundError, ObjectNotFoundError } from "./errors";
export {
  isKeyUnder,
  isPlainKey,
  messageAttachmentKey,
  organizationLogoKey,
  organizationLogoPrefix,
  organizationPrefix,
  patientDataExportKey,
  patientDocumentKey,
  recordingKey,
  referenceVideoKey,
} from "./keys";
export { type LocalS3, startLocalS3 } from "./local-s3";
export {
  type CompletedPart,
  createStorage,
  type ObjectInfo,
  type Storage,
  type UploadedPart,
} from "./storage";
