export { hashPassword } from "./auth/password-hash";
export type { ApiConfig, ApiServices, Context, Logger, RequestInfo } from "./context";
export { createContext } from "./context";
export { appErrorToTRPC, type ErrorData } from "./errors";
export { createSystemTasks, SYSTEM_CRONTAB, type SystemTasks } from "./jobs/system-tasks";
export { type JobQueue, postgresJobQueue } from "./queue";
export { type AppRouter, appRouter } from "./root";
export { createApiServices } from "./services";
export { createCallerFactory } from "./trpc";
