import { type DbOrTx, findImageActivities } from "@fizio/db";
import { AppError } from "@fizio/domain";

/**
 * An activity's picture must be a picture of the shared library's image activities, named by its id (FIZ106 at
 * the activity's imageId otherwise): the key it is shown from is the library's, never one a client sent.
 * `path(i)` is where activity i sits in the input, so the form marks the right picker.
 */
export async function assertActivityImages(
  db: DbOrTx,
  activities: readonly { imageId: string | null }[],
  path: (index: number) => string,
): Promise<void> {
  const ids = [...new Set(activities.flatMap((a) => (a.imageId ? [a.imageId] : [])))];
  if (ids.length === 0) return;
  const pictured = new Set(
    (await findImageActivities(db, ids)).filter((image) => image.imageKey).map((image) => image.id),
  );
  activities.forEach((activity, index) => {
    if (activity.imageId && !pictured.has(activity.imageId))
      throw new AppError("FIZ106", {}, { field: `${path(index)}.imageId`.replace(/^\./, "") });
  });
}

/** The same check for a plan's sessions, each activity named by its place (sessions.i.activities.j). */
export function assertSessionActivityImages(
  db: DbOrTx,
  sessions: readonly { activities: readonly { imageId: string | null }[] }[],
): Promise<void> {
  const placed = sessions.flatMap((session, s) =>
    session.activities.map((activity, a) => ({ activity, path: `sessions.${s}.activities.${a}` })),
  );
  return assertActivityImages(
    db,
    placed.map((p) => p.activity),
    (i) => placed[i]?.path ?? "",
  );
}
