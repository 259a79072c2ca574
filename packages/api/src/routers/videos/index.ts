import { router } from "../../trpc";
import { videoGroupsRouter } from "./groups";
import { supportVideosRouter } from "./support-videos";

export const videosRouter = router({ groups: videoGroupsRouter, supportVideos: supportVideosRouter });
