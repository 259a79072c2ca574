import {
  type LiveRepRecord,
  type RecordingBreak,
  type RecordingSet,
  type UploadLimits,
  uploadLimitsOf,
} from "@fizio/domain";
import { trpcClient } from "../../lib/trpc";
import type { ListedPart } from "./part-plan";

export interface RecordingUploadStart {
  fileName: string;
  contentType: string;
  size: number;
  checksumSha256: string;
  activityId?: string;
  referenceVideoId?: string;
  activitySessionId: string;
  durationSeconds: number | null;
  recordingBreaks: RecordingBreak[];
  recordingSets: RecordingSet[];
  /** Left out when they would be refused: a recording never waits on, or fails for, its live figures. */
  liveReps?: LiveRepRecord[];
}

/** The server's upload procedures the manager uses; tests give a fake. */
export interface UploadApi {
  start(input: RecordingUploadStart): Promise<{ id: string; uploadId: string; partSize: number }>;
  signParts(input: {
    id: string;
    partNumbers: number[];
  }): Promise<{ parts: { partNumber: number; url: string }[] }>;
  listParts(input: { id: string }): Promise<{ uploadStatus: string; parts: ListedPart[] }>;
  complete(input: { id: string; parts: { partNumber: number; etag: string }[] }): Promise<unknown>;
  /** The patient's organisation's limits for a recording (its settings). */
  limits(): Promise<UploadLimits>;
}

export const trpcUploadApi: UploadApi = {
  start: (input) => trpcClient.uploads.start.mutate({ kind: "RECORDING", ...input }),
  signParts: (input) => trpcClient.uploads.signParts.mutate(input),
  listParts: (input) => trpcClient.uploads.listParts.query(input),
  complete: (input) => trpcClient.uploads.complete.mutate(input),
  limits: async () => uploadLimitsOf(await trpcClient.settings.current.query(), "RECORDING"),
};
