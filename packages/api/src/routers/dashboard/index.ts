import { router } from "../../trpc";
import { patient } from "./patient";
import { provider } from "./provider";

export const dashboardRouter = router({ patient, provider });
