import { auditRouter } from "./routers/audit";
import { authRouter } from "./routers/auth";
import { devRouter } from "./routers/dev";
import { patientsRouter } from "./routers/patients";
import { profileRouter } from "./routers/profile";
import { onboardingRouter, termsRouter } from "./routers/terms";
import { usersRouter } from "./routers/users";
import { router } from "./trpc";

export const appRouter = router({
  auth: authRouter,
  terms: termsRouter,
  onboarding: onboardingRouter,
  profile: profileRouter,
  users: usersRouter,
  patients: patientsRouter,
  audit: auditRouter,
  dev: devRouter,
});

export type AppRouter = typeof appRouter;
