import { router } from "../../trpc";
import { create } from "./create";
import { progress } from "./progress";
import { get, list } from "./read";
import { remove, transition } from "./status";
import { update } from "./update";

export const plansRouter = router({ list, get, create, update, progress, transition, delete: remove });
