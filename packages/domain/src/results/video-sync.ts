/** How far a follower video may drift from the leading one before it is sought back (seconds). */
export const VIDEO_SYNC_TOLERANCE_SECONDS = 0.25;

/**
 * Where a follower video should be when the leading one is at `leader` seconds: the same moment, held on the
 * follower's last frame when it is shorter (a reference clip may end before the patient's recording does).
 */
export function syncedTime(leader: number, followerDuration: number): number {
  if (!Number.isFinite(followerDuration) || followerDuration <= 0) return Math.max(0, leader);
  return Math.min(Math.max(0, leader), followerDuration);
}

/** A follower that drifted past the tolerance is sought; a small drift is left alone (seeking stutters). */
export function needsResync(
  leader: number,
  follower: number,
  followerDuration: number,
  tolerance = VIDEO_SYNC_TOLERANCE_SECONDS,
): boolean {
  return Math.abs(syncedTime(leader, followerDuration) - follower) > tolerance;
}
