import { router } from "../../trpc";
import { activityTemplatesRouter } from "./activities";
import { videoChoices } from "./activity-videos";
import { assessmentTemplatesRouter } from "./assessments";
import { planTemplatesRouter } from "./plans";
import { sessionTemplatesRouter } from "./sessions";

export const templatesRouter = router({
  activities: activityTemplatesRouter,
  sessions: sessionTemplatesRouter,
  plans: planTemplatesRouter,
  assessments: assessmentTemplatesRouter,
  videoChoices,
});
