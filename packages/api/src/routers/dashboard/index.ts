import { router } from "../../trpc";
import { patient } from "./patient";

export const dashboardRouter = router({ patient });
