import {
  asSeenFrom,
  findCurrentPlan,
  findRecordingReviewFacts,
  findUserById,
  listRecordingComments,
  setRecordingReviewed,
  unreviewedNeighbours,
} from "@fizio/db";
import { AppError, markRecordingReviewedInput, recordingCommentInput, recordingIdInput } from "@fizio/domain";
import { audit } from "../../audit";
import { assertMayMessage, displayName, postMessage } from "../../messages/post";
import { scopeOf, viewUrl } from "../../signed-urls";
import { appProcedure, staffProcedure } from "../../trpc";
import { loadRecordingDetailFor, recordingScopeFor } from "./access";

/**
 * The review workspace's additions to a recording (its detail is recordings.get): the patient's feedback, the
 * reference video, who reviewed it and when, its plan (the plan of the activity it was made for, else the patient's
 * current plan: the review progresses it), and the unreviewed recordings either side of it in the provider's (an
 * admin's: the organisation's) list. Reads the patient's record, so it is audited.
 */
export const review = staffProcedure.input(recordingIdInput).query(async ({ ctx, input }) => {
  const { recording, listed } = await loadRecordingDetailFor(ctx.user, input.id, ctx.db);
  const [facts, neighbours] = await Promise.all([
    findRecordingReviewFacts(ctx.db, recording.id),
    recordingScopeFor(ctx.user, undefined, ctx.db).then((scope) =>
      unreviewedNeighbours(ctx.db, scope, recording),
    ),
  ]);
  const plan = facts.planId
    ? { id: facts.planId, status: facts.planStatus }
    : await findCurrentPlan(ctx.db, recording.patientId);
  await audit(ctx, "recordings.review.read", "recording", recording.id, { patientId: recording.patientId });
  return {
    id: recording.id,
    patientId: recording.patientId,
    groupId: listed.groupId,
    feedback: facts.feedback,
    feedbackAt: facts.feedbackAt,
    planActivityId: facts.planActivityId,
    planId: plan?.id ?? null,
    planStatus: plan?.status ?? null,
    referenceUrl: await viewUrl(ctx.storage, scopeOf(ctx.user), facts.referenceKey),
    reviewedAt: facts.reviewedAt,
    reviewerName:
      facts.reviewerFirstName === null
        ? null
        : displayName({ firstName: facts.reviewerFirstName, lastName: facts.reviewerLastName ?? "" }),
    newerUnreviewedId: neighbours.newer,
    olderUnreviewedId: neighbours.older,
  };
});

/** The comments on a recording, for its patient's result page and the provider's review. Audited as a read. */
export const comments = appProcedure.input(recordingIdInput).query(async ({ ctx, input }) => {
  const { recording } = await loadRecordingDetailFor(ctx.user, input.id, ctx.db);
  const rows = await listRecordingComments(ctx.db, recording.id);
  await audit(ctx, "recordings.comments.read", "recording", recording.id, {
    patientId: recording.patientId,
    messageIds: rows.map((r) => r.id),
  });
  return rows.map((r) => ({
    id: r.id,
    body: r.body,
    sentAt: r.sentAt,
    authorName: displayName({ firstName: r.authorFirstName, lastName: r.authorLastName }),
  }));
});

/**
 * A provider's comment on a recording: a message to its patient (a new thread named after the activity and day),
 * linked to the recording so the patient also finds it on the result. The messaging rules apply (spec §6).
 */
export const comment = staffProcedure.input(recordingCommentInput).mutation(async ({ ctx, input }) => {
  const { recording, listed } = await loadRecordingDetailFor(ctx.user, input.id, ctx.db);
  const found = await findUserById(ctx.db, recording.patientId);
  const [patient] = assertMayMessage(
    ctx.user,
    found ? await asSeenFrom(ctx.db, [found], ctx.user.organizationId) : [undefined],
  );
  const activity = listed.activityName ?? listed.groupName ?? listed.referenceVideoName;
  const subject = `${activity} · ${recording.recordingDate.toISOString().slice(0, 10)}`;
  return ctx.db.transaction(async (tx) => {
    const { conversation, message } = await postMessage(ctx, tx, {
      author: ctx.user,
      recipients: [patient!],
      body: input.body,
      recordingId: recording.id,
      conversation: { subject },
      notification: { kind: "messageReceived", about: displayName(ctx.user) },
    });
    await audit(
      ctx,
      "recordings.comment",
      "recording",
      recording.id,
      { patientId: recording.patientId, messageId: message.id, conversationId: conversation.id },
      tx,
    );
    return { messageId: message.id, conversationId: conversation.id };
  });
});

/**
 * Marks a recording reviewed by the caller now (or not reviewed again). Only one that arrived and whose analysis
 * ended (completed or failed) is reviewed: FIZ277 while it uploads or is analysed.
 */
export const markReviewed = staffProcedure
  .input(markRecordingReviewedInput)
  .mutation(async ({ ctx, input }) => {
    const { recording } = await loadRecordingDetailFor(ctx.user, input.id, ctx.db);
    if (recording.uploadStatus !== "UPLOADED" || recording.analysisStatus === "IN_PROGRESS")
      throw new AppError("FIZ277");
    return ctx.db.transaction(async (tx) => {
      const row = await setRecordingReviewed(tx, recording.id, input.reviewed ? ctx.user.id : null);
      await audit(
        ctx,
        "recordings.markReviewed",
        "recording",
        recording.id,
        { patientId: recording.patientId, reviewed: input.reviewed },
        tx,
      );
      return { reviewedAt: row?.reviewedAt ?? null };
    });
  });
