import { and, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { activitySessions } from "../schema";
import type { ActivitySessionRow } from "./media";

const now = sql`now()`;

/**
 * Names the recording on the patient's own activity session, whatever order the session's completion and the
 * recording's upload arrive in; undefined when the session is not the patient's. A session with a recording has
 * begun, even when the recorder's own "begun" call never reached the server (a recording left on the device).
 */
export async function linkSessionRecording(
  db: DbOrTx,
  link: { sessionId: string; patientId: string; recordingId: string },
): Promise<ActivitySessionRow | undefined> {
  const [row] = await db
    .update(activitySessions)
    .set({
      recordingId: link.recordingId,
      begunAt: sql`coalesce(${activitySessions.begunAt}, now())`,
      updatedAt: now,
    })
    .where(and(eq(activitySessions.id, link.sessionId), eq(activitySessions.patientId, link.patientId)))
    .returning();
  return row;
}

/**
 * In Progress -> Completed, once; a recording the upload already linked stays when none is given (the upload
 * may start before or after the session completes). Undefined when it was already completed.
 */
export async function completeActivitySessionKeepingRecording(
  db: DbOrTx,
  id: string,
  values: { recordingId: string | null; breaks: ActivitySessionRow["breaks"]; stoppedEarly: boolean },
): Promise<ActivitySessionRow | undefined> {
  const [row] = await db
    .update(activitySessions)
    .set({
      recordingId: sql`coalesce(${values.recordingId}::uuid, ${activitySessions.recordingId})`,
      breaks: values.breaks,
      stoppedEarly: values.stoppedEarly,
      // Completing is beginning at the latest (Done pressed on an activity without camera).
      begunAt: sql`coalesce(${activitySessions.begunAt}, now())`,
      status: "COMPLETED",
      completedAt: now,
      updatedAt: now,
    })
    .where(and(eq(activitySessions.id, id), ne(activitySessions.status, "COMPLETED")))
    .returning();
  return row;
}

/**
 * The patient began the session (its recording started): the first time counts. Undefined when the session is
 * not the patient's or already completed.
 */
export async function markSessionBegun(
  db: DbOrTx,
  link: { sessionId: string; patientId: string },
): Promise<ActivitySessionRow | undefined> {
  const [row] = await db
    .update(activitySessions)
    .set({ begunAt: sql`coalesce(${activitySessions.begunAt}, now())`, updatedAt: now })
    .where(
      and(
        eq(activitySessions.id, link.sessionId),
        eq(activitySessions.patientId, link.patientId),
        ne(activitySessions.status, "COMPLETED"),
      ),
    )
    .returning();
  return row;
}
