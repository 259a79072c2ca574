import { mkdir } from "node:fs/promises";
import { extname, join } from "node:path";
import {
  findRecording,
  findRecordingToleranceOverride,
  findReferenceVideo,
  publishRecordingProgress,
  type Recording,
  requeueReferenceBuiltByOtherModel,
  startRecordingAnalysis,
} from "@fizio/db";
import {
  type AnalysisResult,
  analysisResultSchema,
  effectiveTolerances,
  isAnnotating,
  type StoredRecordingSet,
  storedRecordingSetsSchema,
} from "@fizio/domain";
import { addJob } from "@fizio/jobs";
import { isObjectNotFoundError, recordingKey } from "@fizio/storage";
import type { JobHelpers } from "graphile-worker";
import type { Logger } from "pino";
import { failure, inputFailureOf } from "../failures";
import { ProgressPublisher } from "../progress";
import { assertChecksum, ChecksumMismatchError } from "./checksum";
import { abortSignalOf, isLastAttempt, type TaskContext } from "./context";
import { contentTypeOf, inputPathFor, withJobDir } from "./files";
import { completeRecording, failRecording, scoreRecording } from "./outcomes";

/** Overall progress while In Progress: download from 0 %, the engine up to the score 5-100 %. */
const ENGINE_START = 5;
const ENGINE_SPAN = 95;

/**
 * Analyses one recording against its reference: In Progress -> Completed, or Failed with a reason. The score
 * is stored (Completed, annotating) as soon as it is known, and the annotated video added when it is made; a
 * retry after a failure in between makes the video again. State is checked before any side effect, so a
 * duplicate or re-run job is a no-op (unless `force`: a re-render), and
 * outputs go to fixed keys, so a re-run after a crash overwrites rather than duplicates. The original upload
 * is only read.
 */
export async function runRecordingAnalysis(
  ctx: TaskContext,
  helpers: JobHelpers,
  recordingId: string,
  options: { force: boolean },
): Promise<void> {
  const log = ctx.logger.child({ recordingId, jobId: helpers.job.id, attempt: helpers.job.attempts });
  const recording = await findRecording(ctx.db, recordingId);
  if (recording?.uploadStatus !== "UPLOADED") {
    log.warn({ found: Boolean(recording) }, "recording unknown or not uploaded: nothing to analyse");
    return;
  }
  const annotating = isAnnotating({ status: recording.analysisStatus, stage: recording.progressStage });
  if (recording.analysisStatus === "COMPLETED" && !annotating && !options.force) {
    log.info("analysis already completed: skipped");
    return;
  }
  const reference = await findReferenceVideo(ctx.db, recording.referenceVideoId);
  if (!reference || reference.status === "FAILED") {
    await failRecording(ctx.db, recordingId, failure("REFERENCE_UNAVAILABLE"));
    log.warn("reference video unavailable: recording failed");
    return;
  }
  const otherModel = reference.status === "READY" && reference.track?.modelName !== ctx.engine.modelName;
  if (otherModel && (await requeueReferenceBuiltByOtherModel(ctx.db, reference.id, ctx.engine.modelName))) {
    // Angles of two models differ by more than a patient's error: the reference is rebuilt with ours first.
    await addJob(ctx.pool, "process_reference_video", { referenceVideoId: reference.id });
    log.info(
      { referenceModel: reference.track?.modelName ?? "unrecorded", model: ctx.engine.modelName },
      "reference built by another pose model: rebuilding it before scoring",
    );
  }
  if (otherModel || reference.status !== "READY" || !reference.track) {
    // Processing the reference queues this analysis again once the reference is ready.
    await publishRecordingProgress(ctx.db, recordingId, { percent: 0, stage: "waiting_for_reference" });
    log.info("reference video not processed yet: waiting");
    return;
  }
  const claimed = await startRecordingAnalysis(ctx.db, recordingId, options);
  if (!claimed) return;
  // A progression may have given the plan activity its own tolerance: it counts in place of the reference's.
  const joints = effectiveTolerances(
    reference.joints,
    await findRecordingToleranceOverride(ctx.db, recordingId),
  );

  const progress = new ProgressPublisher(ctx.db, recordingId, log);
  // Set once the score is stored: from then on the recording stays Completed whatever befalls the video.
  let scored: { result: AnalysisResult; durationSeconds: number | null } | undefined;
  try {
    const stored = await withJobDir(ctx.scratchDir, async (dir) => {
      progress.report(0, "downloading");
      const inputPath = inputPathFor(dir, claimed.storageKey);
      await ctx.storage.downloadToFile(claimed.storageKey, inputPath);
      await assertChecksum(inputPath, claimed.checksumSha256);
      const outputDir = join(dir, "out");
      await mkdir(outputDir);
      const out = await ctx.engine.analyseRecording({
        inputPath,
        outputDir,
        reference: reference.track!,
        joints,
        side: reference.side,
        mainJoint: reference.mainJoint,
        sets: setsOf(claimed, log),
        signal: abortSignalOf(helpers),
        onProgress: (p) => progress.report(ENGINE_START + (ENGINE_SPAN * p.percent) / 100, p.stage),
        onScored: async (score) => {
          const result = analysisResultSchema.parse(score.result);
          // Progress only applies In Progress: nothing is published past the score.
          await progress.close();
          await scoreRecording(ctx.db, recordingId, { result, durationSeconds: score.durationSeconds });
          scored = { result, durationSeconds: score.durationSeconds };
          log.info(
            { overallAverageError: result.overallAverageError },
            "analysis scored: rendering its video",
          );
        },
      });
      if (!scored) throw new Error("the engine finished without handing over the score");
      const uploaded = await upload(ctx, claimed, out);
      return { ...scored, ...uploaded, ...(await playable(ctx, claimed, inputPath, dir, helpers, log)) };
    });
    await completeRecording(ctx.db, recordingId, { ...stored, annotatedBucket: ctx.storage.bucket });
    log.info({ overallAverageError: stored.result.overallAverageError }, "analysis completed");
  } catch (error) {
    await progress.close();
    const permanent =
      inputFailureOf(error) ??
      (isObjectNotFoundError(error) ? failure("ORIGINAL_MISSING") : null) ??
      (error instanceof ChecksumMismatchError ? failure("UPLOAD_INCOMPLETE") : null);
    if (scored) {
      // The score stands; only the video is missing. A retry makes it again (the claim takes a recording
      // still annotating); when none is left, the stage closes and the recording keeps any earlier video.
      log.warn({ err: error }, "annotated video not made");
      if (permanent || isLastAttempt(helpers)) await completeRecording(ctx.db, recordingId, scored);
      if (permanent) return;
      throw error;
    }
    if (permanent) {
      await failRecording(ctx.db, recordingId, permanent);
      log.info({ code: permanent.code }, "recording cannot be analysed: failed without retry");
      return;
    }
    if (isLastAttempt(helpers)) {
      await failRecording(ctx.db, recordingId, failure("ANALYSIS_ERROR")).catch((e: unknown) =>
        log.error({ err: e }, "could not record the failure"),
      );
    }
    throw error;
  }
}

/**
 * The recording's sets as stored with it. They were checked when the upload started; a row that breaks the
 * schema anyway (written before the check, or by hand) is analysed as one set rather than failed.
 */
function setsOf(recording: Recording, log: Logger): StoredRecordingSet[] {
  const parsed = storedRecordingSetsSchema.safeParse(recording.recordingSets);
  if (parsed.success) return parsed.data;
  log.warn({ issues: parsed.error.issues.length }, "recording sets unreadable: counted as one set");
  return [];
}

/**
 * The original remuxed so it plays like any video (duration known, seekable). The original upload stays as it
 * is whatever happens; when the copy cannot be made the recording keeps playing the original and says why.
 */
async function playable(
  ctx: TaskContext,
  recording: Recording,
  inputPath: string,
  dir: string,
  helpers: JobHelpers,
  log: Logger,
): Promise<{ playableKey?: string; playableError: string | null }> {
  const outputDir = join(dir, "playable");
  await mkdir(outputDir);
  try {
    const made = await ctx.engine.makePlayable({ inputPath, outputDir, signal: abortSignalOf(helpers) });
    const playableKey = recordingKey(recording.organizationId, recording.id, `playable${extname(made.path)}`);
    await ctx.storage.putFile(playableKey, made.path, contentTypeOf(made.path));
    log.info({ format: made.format, durationSeconds: made.durationSeconds }, "playable copy made");
    return { playableKey, playableError: null };
  } catch (error) {
    abortSignalOf(helpers).throwIfAborted();
    const reason = error instanceof Error ? error.message : String(error);
    log.warn({ err: error }, "playable copy not made: the original is played as it is");
    return { playableError: reason.slice(0, 500) };
  }
}

async function upload(
  ctx: TaskContext,
  recording: Recording,
  out: { annotatedVideoPath: string; thumbnailPath: string },
): Promise<{ annotatedKey: string; thumbnailKey: string }> {
  const key = (name: string, path: string) =>
    recordingKey(recording.organizationId, recording.id, `${name}${extname(path)}`);
  const annotatedKey = key("annotated", out.annotatedVideoPath);
  const thumbnailKey = key("thumbnail", out.thumbnailPath);
  await ctx.storage.putFile(annotatedKey, out.annotatedVideoPath, contentTypeOf(out.annotatedVideoPath));
  await ctx.storage.putFile(thumbnailKey, out.thumbnailPath, contentTypeOf(out.thumbnailPath));
  return { annotatedKey, thumbnailKey };
}
