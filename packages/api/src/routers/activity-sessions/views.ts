import type { ActivitySessionRow } from "@fizio/db";
import { attemptState } from "@fizio/domain";

export const sessionView = (s: ActivitySessionRow) => ({
  id: s.id,
  planActivityId: s.planActivityId,
  patientAssessmentId: s.patientAssessmentId,
  referenceVideoId: s.referenceVideoId,
  status: s.status,
  startedAt: s.startedAt,
  begunAt: s.begunAt,
  completedAt: s.completedAt,
  stoppedEarly: s.stoppedEarly,
  state: attemptState(s),
  recordingId: s.recordingId,
  breaks: s.breaks,
  feedback: s.feedback,
  feedbackAt: s.feedbackAt,
});
