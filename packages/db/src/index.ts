export { ensureDatabase } from "./admin";
export * from "./client";
export { type EmbeddedPostgresHandle, startEmbeddedPostgres } from "./embedded";
export * from "./migrate";
export * from "./queries";
export { drizzleQueryable } from "./queryable";
export * as schema from "./schema";
export { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from "./seed/demo";
export { DEMO_REFERENCE_FILE, findDemoVideosAwaitingFile, setDemoVideoFileSize } from "./seed/media";
