import { router } from "../../trpc";
import { codesRouter } from "./codes";
import { setsRouter } from "./sets";

/** Spec §2 /parameters (super admin): the parameter sets and the code lists. */
export const parametersRouter = router({ sets: setsRouter, codes: codesRouter });
