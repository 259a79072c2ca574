import { router } from "../../trpc";
import { jointProgress } from "./joint-progress";
import { progress } from "./progress";
import { activities, get, list } from "./read";
import { rerender } from "./rerender";
import { comment, comments, markReviewed, review } from "./review";

export const recordingsRouter = router({
  list,
  activities,
  get,
  jointProgress,
  rerender,
  progress,
  review,
  comments,
  comment,
  markReviewed,
});
