export { ensureDatabase } from "./admin";
export * from "./client";
export { type EmbeddedPostgresHandle, startEmbeddedPostgres } from "./embedded";
export * from "./migrate";
export * from "./queries";
export * as schema from "./schema";
export { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from "./seed/demo";
export { DEMO_REFERENCE_FILE, findDemoVideosAwaitingFile, setDemoVideoFileSize } from "./seed/media";
