import { router } from "../../trpc";
import { jointProgress } from "./joint-progress";
import { progress } from "./progress";
import { activities, get, list } from "./read";
import { rerender } from "./rerender";

export const recordingsRouter = router({ list, activities, get, jointProgress, rerender, progress });
