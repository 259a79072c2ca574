import type { ActivitySessionRow } from "@fizio/db";

export const sessionView = (s: ActivitySessionRow) => ({
  id: s.id,
  planActivityId: s.planActivityId,
  patientAssessmentId: s.patientAssessmentId,
  referenceVideoId: s.referenceVideoId,
  status: s.status,
  startedAt: s.startedAt,
  completedAt: s.completedAt,
  recordingId: s.recordingId,
  breaks: s.breaks,
  feedback: s.feedback,
  feedbackAt: s.feedbackAt,
});
