import {
  findRecordingListItem,
  listRecordings,
  type RecordingListItem,
  type RecordingScope,
} from "@fizio/db";
import { AppError, listRecordingsInput, recordingIdInput } from "@fizio/domain";
import type { Storage } from "@fizio/storage";
import { loadPatientFor } from "../../access";
import { audit } from "../../audit";
import { viewUrl, viewUrlsExpireAt } from "../../signed-urls";
import { appProcedure } from "../../trpc";
import { loadRecordingFor } from "./access";

async function listItemView(storage: Storage, item: RecordingListItem) {
  const { thumbnailKey, ...rest } = item;
  return { ...rest, thumbnailUrl: await viewUrl(storage, thumbnailKey) };
}

/**
 * /past-activity (a patient's own), /content/recordings and /records/activity (a provider's roster, an admin's
 * organisation), newest first; a patient filter passes the roster rules.
 */
export const list = appProcedure.input(listRecordingsInput).query(async ({ ctx, input }) => {
  const scope: RecordingScope = { organizationId: ctx.user.organizationId };
  if (ctx.user.role === "ROLE_PATIENT") scope.patientId = ctx.user.id;
  else if (input.patientId) await loadPatientFor(ctx.user, input.patientId, ctx.db);
  if (ctx.user.role === "ROLE_PROVIDER") scope.providerId = ctx.user.id;
  const page = await listRecordings(ctx.db, scope, input);
  return {
    ...page,
    items: await Promise.all(page.items.map((item) => listItemView(ctx.storage, item))),
    urlsExpireAt: viewUrlsExpireAt(),
  };
});

/**
 * One recording with its analysis result and short-lived URLs for the original, the annotated replay and the
 * thumbnail. Reading it is reading the patient's record, so it is audited.
 */
export const get = appProcedure.input(recordingIdInput).query(async ({ ctx, input }) => {
  const recording = await loadRecordingFor(ctx.user, input.id, ctx.db);
  const item = await findRecordingListItem(ctx.db, recording.id);
  if (!item) throw new AppError("FIZ120");
  await audit(ctx, "recordings.read", "recording", recording.id, { patientId: recording.patientId });
  const { thumbnailKey, ...listed } = item;
  const [original, annotated, thumbnail] = await Promise.all([
    viewUrl(ctx.storage, recording.uploadStatus === "UPLOADED" ? recording.storageKey : null),
    viewUrl(ctx.storage, recording.annotatedKey),
    viewUrl(ctx.storage, thumbnailKey),
  ]);
  return {
    ...listed,
    progressStage: recording.progressStage,
    failureReason: recording.failureReason,
    recordingBreaks: recording.recordingBreaks,
    fileName: recording.fileName,
    fileSize: recording.fileSize,
    checksumSha256: recording.checksumSha256,
    analysisCompletedAt: recording.analysisCompletedAt,
    analysisResult: recording.analysisResult,
    urls: { original, annotated, thumbnail },
    urlsExpireAt: viewUrlsExpireAt(),
  };
});
