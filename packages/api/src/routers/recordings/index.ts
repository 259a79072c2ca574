import { router } from "../../trpc";
import { progress } from "./progress";
import { get, list } from "./read";
import { rerender } from "./rerender";

export const recordingsRouter = router({ list, get, rerender, progress });
