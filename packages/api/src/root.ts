import { activitySessionsRouter } from "./routers/activity-sessions";
import { assessmentsRouter } from "./routers/assessments";
import { auditRouter } from "./routers/audit";
import { authRouter } from "./routers/auth";
import { billingRouter } from "./routers/billing";
import { calendarRouter } from "./routers/calendar";
import { dashboardRouter } from "./routers/dashboard";
import { devRouter } from "./routers/dev";
import { engagementRouter } from "./routers/engagement";
import { messagesRouter } from "./routers/messages";
import { parametersRouter } from "./routers/parameters";
import { patientsRouter } from "./routers/patients";
import { plansRouter } from "./routers/plans";
import { profileRouter } from "./routers/profile";
import { recordingsRouter } from "./routers/recordings";
import { recordsRouter } from "./routers/records";
import { reportsRouter } from "./routers/reports";
import { settingsRouter } from "./routers/settings";
import { templatesRouter } from "./routers/templates";
import { onboardingRouter, termsRouter } from "./routers/terms";
import { todoRouter } from "./routers/todo";
import { twoFactorRouter } from "./routers/two-factor";
import { uploadsRouter } from "./routers/uploads";
import { usersRouter } from "./routers/users";
import { videosRouter } from "./routers/videos";
import { visitsRouter } from "./routers/visits";
import { router } from "./trpc";

export const appRouter = router({
  auth: authRouter,
  terms: termsRouter,
  onboarding: onboardingRouter,
  profile: profileRouter,
  twoFactor: twoFactorRouter,
  users: usersRouter,
  patients: patientsRouter,
  audit: auditRouter,
  dev: devRouter,
  templates: templatesRouter,
  plans: plansRouter,
  assessments: assessmentsRouter,
  records: recordsRouter,
  billing: billingRouter,
  parameters: parametersRouter,
  reports: reportsRouter,
  settings: settingsRouter,
  todo: todoRouter,
  videos: videosRouter,
  uploads: uploadsRouter,
  recordings: recordingsRouter,
  activitySessions: activitySessionsRouter,
  dashboard: dashboardRouter,
  calendar: calendarRouter,
  visits: visitsRouter,
  messages: messagesRouter,
  engagement: engagementRouter,
});

export type AppRouter = typeof appRouter;
