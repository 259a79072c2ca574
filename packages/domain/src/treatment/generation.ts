import type { ActivityFields } from "./activity";
import { pickActivityFields } from "./activity";
import { addDays } from "./schedule";

export interface PlanTemplateContent {
  sessions: readonly {
    sessionTemplateId: string;
    dayOffset: number;
    activities: readonly ActivityFields[];
  }[];
  assessmentTemplateIds: readonly string[];
}

export interface GeneratedPlanContent {
  sessions: { date: string; sessionTemplateId: string; activities: ActivityFields[] }[];
  assessmentTemplateIds: string[];
}

/**
 * A plan generated from a template (creation mode GENERATION): each template session is dated `dayOffset` days
 * after the start date and its activities are copied, so later edits of the template leave the plan alone.
 */
export function planFromTemplate(template: PlanTemplateContent, startDate: string): GeneratedPlanContent {
  return {
    sessions: template.sessions.map((s) => ({
      date: addDays(startDate, s.dayOffset),
      sessionTemplateId: s.sessionTemplateId,
      activities: s.activities.map(pickActivityFields),
    })),
    assessmentTemplateIds: [...template.assessmentTemplateIds],
  };
}
