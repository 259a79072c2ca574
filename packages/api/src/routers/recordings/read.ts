import { listRecordedGroups, listRecordingResults, type RecordingResultItem } from "@fizio/db";
import { listRecordingResultsInput, recordingFiltersInput, recordingIdInput } from "@fizio/domain";
import type { Storage } from "@fizio/storage";
import { assertNoForeignRecords } from "../../access";
import { audit, auditListRead } from "../../audit";
import { type SigningScope, scopeOf, viewUrl, viewUrlsExpireAt } from "../../signed-urls";
import { appProcedure } from "../../trpc";
import { loadRecordingDetailFor, recordingScopeFor } from "./access";

async function listItemView(storage: Storage, scope: SigningScope, item: RecordingResultItem) {
  const { thumbnailKey, ...rest } = item;
  return { ...rest, thumbnailUrl: await viewUrl(storage, scope, thumbnailKey) };
}

/**
 * /past-activity (a patient's own), /content/recordings and /records/activity (a provider's roster, an admin's
 * organisation), newest first, with filters, search and pages. Audited like reading one.
 */
export const list = appProcedure.input(listRecordingResultsInput).query(async ({ ctx, input }) => {
  const scope = await recordingScopeFor(ctx.user, input.patientId, ctx.db);
  await assertNoForeignRecords(ctx.db, ctx.user, "video_group", [input.groupId]);
  const page = await listRecordingResults(ctx.db, scope, input);
  await auditListRead(ctx, "recordings.list", scope.patientId, input, page.items);
  return {
    ...page,
    items: await Promise.all(page.items.map((item) => listItemView(ctx.storage, scopeOf(ctx.user), item))),
    urlsExpireAt: viewUrlsExpireAt(),
  };
});

/** The activities (video groups) recorded in the list's scope, for its activity filter. */
export const activities = appProcedure.input(recordingFiltersInput).query(async ({ ctx, input }) => {
  const scope = await recordingScopeFor(ctx.user, input.patientId, ctx.db);
  return listRecordedGroups(ctx.db, scope);
});

/**
 * One recording with its analysis result and short-lived URLs for the original, the annotated replay and the
 * thumbnail. Reading it is reading the patient's record, so it is audited.
 */
export const get = appProcedure.input(recordingIdInput).query(async ({ ctx, input }) => {
  const { recording, listed: item } = await loadRecordingDetailFor(ctx.user, input.id, ctx.db);
  await audit(ctx, "recordings.read", "recording", recording.id, { patientId: recording.patientId });
  const { thumbnailKey, ...listed } = item;
  const scope = scopeOf(ctx.user);
  const [original, annotated, thumbnail] = await Promise.all([
    // The worker's playable copy (duration known, seekable) stands in for the browser's WebM once made.
    viewUrl(
      ctx.storage,
      scope,
      recording.uploadStatus === "UPLOADED" ? (recording.playableKey ?? recording.storageKey) : null,
    ),
    viewUrl(ctx.storage, scope, recording.annotatedKey),
    viewUrl(ctx.storage, scope, thumbnailKey),
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
    // The browser's live figures per rep, shown beside the analysis; the analysis stays the record.
    liveReps: recording.liveReps,
    urls: { original, annotated, thumbnail },
    urlsExpireAt: viewUrlsExpireAt(),
  };
});
