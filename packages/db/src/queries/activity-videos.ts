import type { ActivityVideoType, Joint, ReferenceVideoStatus } from "@fizio/domain";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { referenceVideos, videoGroups } from "../schema";

export interface ActivityVideoRow {
  id: string;
  name: string;
  status: ReferenceVideoStatus;
  groupId: string;
  groupName: string;
  groupType: ActivityVideoType;
  /** The joints the video tracks, each with its tolerance: the ones an activity's live cues may come from. */
  joints: { joint: Joint; tolerance: number }[];
  /** Processed support videos of the video's group (its readiness for analysis). */
  groupReadyCount: number;
}

const readyInGroup = sql<number>`(
  select count(*)::int from ${referenceVideos} ready
  where ready.group_id = ${videoGroups.id} and ready.deleted_at is null and ready.status = 'READY'
)`;

const columns = {
  id: referenceVideos.id,
  name: referenceVideos.name,
  status: referenceVideos.status,
  groupId: videoGroups.id,
  groupName: videoGroups.name,
  groupType: videoGroups.type,
  joints: referenceVideos.joints,
  groupReadyCount: readyInGroup,
};

/** Live support videos of live groups in the organisation, among `ids` (activities refer to them). */
export async function findActivityVideos(
  db: DbOrTx,
  organizationId: string,
  ids: readonly string[],
): Promise<ActivityVideoRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(columns)
    .from(referenceVideos)
    .innerJoin(videoGroups, eq(videoGroups.id, referenceVideos.groupId))
    .where(
      and(
        inArray(referenceVideos.id, [...ids]),
        eq(referenceVideos.organizationId, organizationId),
        isNull(referenceVideos.deletedAt),
        isNull(videoGroups.deletedAt),
      ),
    );
}

/** Every live support video of the organisation, by group then name: what an activity may pick from. */
export async function listActivityVideoChoices(
  db: DbOrTx,
  organizationId: string,
): Promise<ActivityVideoRow[]> {
  return db
    .select(columns)
    .from(referenceVideos)
    .innerJoin(videoGroups, eq(videoGroups.id, referenceVideos.groupId))
    .where(
      and(
        eq(videoGroups.organizationId, organizationId),
        isNull(referenceVideos.deletedAt),
        isNull(videoGroups.deletedAt),
      ),
    )
    .orderBy(asc(sql`lower(${videoGroups.name})`), asc(sql`lower(${referenceVideos.name})`));
}
