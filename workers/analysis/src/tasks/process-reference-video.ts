import { mkdir } from "node:fs/promises";
import { extname, join } from "node:path";
import {
  type AnalysisFailure,
  findReferenceVideo,
  listRecordingsAwaitingReference,
  type ReferenceVideo,
  startReferenceVideoProcessing,
} from "@fizio/db";
import { referenceTrackSchema } from "@fizio/domain";
import { addJob } from "@fizio/jobs";
import { isObjectNotFoundError, referenceVideoKey } from "@fizio/storage";
import type { JobHelpers, Task } from "graphile-worker";
import { failure, inputFailureOf } from "../failures";
import { abortSignalOf, isLastAttempt, type TaskContext } from "./context";
import { defineTask } from "./define-task";
import { contentTypeOf, inputPathFor, withJobDir } from "./files";
import { completeReference, failRecording, failReference } from "./outcomes";

/**
 * Turns a therapist's reference video into the reference track patients are measured against, plus its
 * preview and miniature images. When it is READY, recordings that were waiting for it are queued; when it
 * cannot be processed, they fail with a reason.
 */
export const processReferenceVideo = (ctx: TaskContext): Task =>
  defineTask("process_reference_video", ctx, async ({ referenceVideoId }, helpers) => {
    const log = ctx.logger.child({ referenceVideoId, jobId: helpers.job.id, attempt: helpers.job.attempts });
    const claimed = await startReferenceVideoProcessing(ctx.db, referenceVideoId);
    if (!claimed) {
      const current = await findReferenceVideo(ctx.db, referenceVideoId);
      log.info({ status: current?.status ?? "unknown" }, "reference video not processable: skipped");
      // A crash between READY and queuing the waiting recordings is healed by the job's re-run.
      if (current?.status === "READY") await queueWaitingRecordings(ctx, referenceVideoId);
      return;
    }
    try {
      await withJobDir(ctx.scratchDir, (dir) => processInto(ctx, helpers, claimed, dir));
      log.info("reference video ready");
      await queueWaitingRecordings(ctx, referenceVideoId);
    } catch (error) {
      const permanent =
        inputFailureOf(error) ?? (isObjectNotFoundError(error) ? failure("ORIGINAL_MISSING") : null);
      if (permanent || isLastAttempt(helpers)) {
        await fail(ctx, referenceVideoId, permanent ?? failure("ANALYSIS_ERROR"));
        log.info({ code: permanent?.code }, "reference video failed");
      }
      if (!permanent) throw error;
    }
  });

async function processInto(
  ctx: TaskContext,
  helpers: JobHelpers,
  ref: ReferenceVideo,
  dir: string,
): Promise<void> {
  const inputPath = inputPathFor(dir, ref.storageKey);
  await ctx.storage.downloadToFile(ref.storageKey, inputPath);
  const outputDir = join(dir, "out");
  await mkdir(outputDir);
  const out = await ctx.engine.processReference({
    inputPath,
    outputDir,
    joints: ref.joints,
    side: ref.side,
    mainJoint: ref.mainJoint,
    bodyView: ref.bodyView,
    signal: abortSignalOf(helpers),
    onProgress: () => {},
  });
  const track = referenceTrackSchema.parse(out.track);
  const key = (name: string, path: string) =>
    referenceVideoKey(ref.organizationId, ref.id, `${name}${extname(path)}`);
  const previewKey = key("preview", out.previewPath);
  const miniatureKey = key("miniature", out.miniaturePath);
  await ctx.storage.putFile(previewKey, out.previewPath, contentTypeOf(out.previewPath));
  await ctx.storage.putFile(miniatureKey, out.miniaturePath, contentTypeOf(out.miniaturePath));
  await completeReference(ctx.db, ref.id, {
    track,
    previewKey,
    miniatureKey,
    durationSeconds: out.durationSeconds,
  });
}

async function queueWaitingRecordings(ctx: TaskContext, referenceVideoId: string): Promise<void> {
  for (const recordingId of await listRecordingsAwaitingReference(ctx.db, referenceVideoId)) {
    await addJob(ctx.pool, "analyse_recording", { recordingId });
  }
}

async function fail(ctx: TaskContext, referenceVideoId: string, reason: AnalysisFailure): Promise<void> {
  await failReference(ctx.db, referenceVideoId, reason);
  for (const recordingId of await listRecordingsAwaitingReference(ctx.db, referenceVideoId)) {
    await failRecording(ctx.db, recordingId, failure("REFERENCE_UNAVAILABLE"));
  }
}
