import {
  type DbOrTx,
  findActivityVideos,
  findOrganizationSettings,
  listActivityVideoChoices,
  type UserRow,
} from "@fizio/db";
import {
  type ActivityType,
  assertActivityVideo,
  assertCueJoints,
  type Joint,
  readinessOf,
} from "@fizio/domain";
import { assertNoForeignRecords } from "../../access";
import { settingsOf } from "../../settings";
import { staffProcedure } from "../../trpc";

interface SavedActivity {
  type: ActivityType;
  referenceVideoId: string | null;
  /** The joints chosen to give live cues (null: all the video's). */
  cueJoints?: readonly Joint[] | null;
}

/**
 * Checks the videos of activities being saved (spec §5, FIZ415 another organisation's, FIZ107/FIZ051/FIZ002/FIZ230). A video the template or
 * plan already used for the same kind is not checked again: re-saving must not fail because its group is being
 * re-processed.
 * `path(i)` is where activity i sits in the input, so the form marks the right picker.
 */
export async function assertActivityVideos(
  db: DbOrTx,
  actor: UserRow,
  activities: readonly SavedActivity[],
  path: (index: number) => string,
  alreadyUsed: ReadonlySet<string> = new Set(),
): Promise<void> {
  const { organizationId } = actor;
  await assertNoForeignRecords(
    db,
    actor,
    "reference_video",
    activities.map((a) => a.referenceVideoId),
  );
  const placed = activities.map((activity, index) => ({ activity, index }));
  const checked = placed.filter(
    ({ activity }) => activity.referenceVideoId && !alreadyUsed.has(usageKey(activity)),
  );
  // Joints chosen to cue are checked whenever they are sent: they must be ones the video tracks (FIZ296).
  const cueing = placed.filter(({ activity }) => activity.referenceVideoId && activity.cueJoints);
  if (checked.length === 0 && cueing.length === 0) return;
  const ids = [
    ...new Set([...checked, ...cueing].map(({ activity }) => activity.referenceVideoId as string)),
  ];
  const found = new Map((await findActivityVideos(db, organizationId, ids)).map((v) => [v.id, v]));
  for (const { activity, index } of cueing) {
    const video = found.get(activity.referenceVideoId as string);
    // A video not found is refused below with its own error (FIZ107) when it is checked.
    if (video)
      assertCueJoints(
        activity.cueJoints ?? null,
        video.joints.map((j) => j.joint),
        `${path(index)}.cueJoints`.replace(/^\./, ""),
      );
  }
  if (checked.length === 0) return;
  const { minSupportVideos } = await findOrganizationSettings(db, organizationId);
  for (const { activity, index } of checked) {
    const video = found.get(activity.referenceVideoId as string);
    assertActivityVideo(
      activity.type,
      video
        ? { groupType: video.groupType, readiness: readinessOf(video.groupReadyCount, minSupportVideos) }
        : null,
      `${path(index)}.referenceVideoId`.replace(/^\./, ""),
    );
  }
}

/** The same checks for a plan's sessions, each activity named by its place (sessions.i.activities.j). */
export function assertSessionActivityVideos(
  db: DbOrTx,
  actor: UserRow,
  sessions: readonly { activities: readonly SavedActivity[] }[],
  alreadyUsed?: ReadonlySet<string>,
): Promise<void> {
  const placed = sessions.flatMap((session, s) =>
    session.activities.map((activity, a) => ({ activity, path: `sessions.${s}.activities.${a}` })),
  );
  return assertActivityVideos(
    db,
    actor,
    placed.map((p) => p.activity),
    (i) => placed[i]?.path ?? "",
    alreadyUsed,
  );
}

const usageKey = (activity: SavedActivity) => `${activity.type}:${activity.referenceVideoId}`;

/** The videos stored activities use, each with its kind. */
export const videoUsesOf = (activities: readonly SavedActivity[]) =>
  new Set(activities.filter((a) => a.referenceVideoId).map(usageKey));

/** The organisation's support videos by group with each group's readiness, for an activity's video picker. */
export const videoChoices = staffProcedure.query(async ({ ctx }) => {
  const [rows, { minSupportVideos }] = await Promise.all([
    listActivityVideoChoices(ctx.db, ctx.user.organizationId),
    settingsOf(ctx, ctx.user.organizationId),
  ]);
  const groups = new Map<
    string,
    {
      id: string;
      name: string;
      type: (typeof rows)[number]["groupType"];
      readiness: ReturnType<typeof readinessOf>;
      videos: {
        id: string;
        name: string;
        status: (typeof rows)[number]["status"];
        /** The joints the video tracks: what the activity editor offers for live cues. */
        joints: Joint[];
      }[];
    }
  >();
  for (const row of rows) {
    const group = groups.get(row.groupId) ?? {
      id: row.groupId,
      name: row.groupName,
      type: row.groupType,
      readiness: readinessOf(row.groupReadyCount, minSupportVideos),
      videos: [],
    };
    group.videos.push({
      id: row.id,
      name: row.name,
      status: row.status,
      joints: row.joints.map((j) => j.joint),
    });
    groups.set(row.groupId, group);
  }
  return [...groups.values()];
});
