export { ensureDatabase } from "./admin";
export * from "./backup";
export * from "./client";
export { type EmbeddedPostgresHandle, startEmbeddedPostgres } from "./embedded";
export * from "./migrate";
export * from "./queries";
export { drizzleQueryable } from "./queryable";
export { readAll } from "./read-all";
export * as schema from "./schema";
export { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from "./seed/demo";
export {
  DEMO_REFERENCE_FILE,
  findDemoStorageKeys,
  findDemoVideosAwaitingFile,
  LIBRARY_IMAGE_PREFIX,
  setDemoVideoFileSize,
} from "./seed/media";
export { SCALE_DEFAULTS, SCALE_EMAIL_DOMAIN, type ScaleOptions, seedScale } from "./seed/scale";
