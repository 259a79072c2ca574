import { type DbOrTx, findRecording, type RecordingProgressEvent, recordingProgressOf } from "@fizio/db";
import { AppError, isAnnotating, recordingProgressInput } from "@fizio/domain";
import { tracked } from "@trpc/server";
import type { Channel } from "../../events/channel";
import type { ProgressNotice } from "../../events/recording-progress";
import { appProcedure } from "../../trpc";
import { loadRecordingFor } from "./access";

/** What the page shows: In Progress with a percent and stage, Completed, or Failed with a reason code. */
const progressView = (event: RecordingProgressEvent) => ({
  recordingId: event.recordingId,
  status: event.status,
  percent: event.percent,
  stage: event.stage,
  failureCode: event.failureCode,
});
type ProgressView = ReturnType<typeof progressView>;

/** Identical states get identical ids, so a reconnecting client is not sent the state it already has. */
const eventId = (p: ProgressView) => `${p.status}:${p.percent}:${p.stage ?? ""}`;
// A scored recording whose annotated video is still being made has one change to come.
const isFinal = (p: ProgressView) => p.status !== "IN_PROGRESS" && !isAnnotating(p);

async function currentProgress(db: DbOrTx, recordingId: string): Promise<RecordingProgressEvent> {
  const row = await findRecording(db, recordingId);
  if (!row) throw new AppError("FIZ120");
  return recordingProgressOf(row);
}

async function* progressStream(
  db: DbOrTx,
  recordingId: string,
  lastEventId: string | null | undefined,
  notices: Channel<ProgressNotice>,
) {
  try {
    let last = await currentProgress(db, recordingId);
    const first = progressView(last);
    if (eventId(first) !== lastEventId) yield tracked(eventId(first), first);
    if (isFinal(first)) return;
    for await (const notice of notices) {
      const next = notice.kind === "resync" ? await currentProgress(db, recordingId) : notice.event;
      // A notification handled after the state was read may be older than that state.
      if (next.at < last.at) continue;
      const view = progressView(next);
      const changed = eventId(view) !== eventId(progressView(last));
      last = next;
      if (!changed) continue;
      yield tracked(eventId(view), view);
      if (isFinal(view)) return;
    }
  } finally {
    notices.close();
  }
}

/**
 * Live analysis status over SSE (client: httpSubscriptionLink): the current state first, then each change the
 * worker publishes, ending at Failed or at Completed once the annotated video is added (the score comes first). Only someone who may see the recording can subscribe, and
 * only its own events reach them.
 */
export const progress = appProcedure
  .input(recordingProgressInput)
  .subscription(async ({ ctx, input, signal }) => {
    const recording = await loadRecordingFor(ctx.user, input.id, ctx.db);
    // Listening starts before the current state is read, so no change falls between the two.
    const notices = await ctx.recordingProgress.subscribe(recording.id, signal);
    return progressStream(ctx.db, recording.id, input.lastEventId, notices);
  });
