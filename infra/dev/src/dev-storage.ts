import { join } from "node:path";
import { createStorage, type Storage, startLocalS3, storageConfigFromEnv } from "@fizio/storage";

/**
 * The object store a maintenance command works on: S3_ENDPOINT's when set, else the dev stack's files (.data/s3,
 * served here by a local S3 of this process's own).
 */
export async function devStorage(): Promise<{ storage: Storage; stop: () => Promise<void> }> {
  const config = storageConfigFromEnv(process.env);
  if (config) {
    const storage = createStorage(config);
    return { storage, stop: async () => storage.destroy() };
  }
  const { REPO_ROOT } = await import("./stack");
  const s3 = await startLocalS3({
    dir: join(process.env.FIZIO_DATA_DIR ?? join(REPO_ROOT, ".data"), "s3"),
    bucket: "fizio",
  });
  const storage = createStorage(s3.config);
  return {
    storage,
    stop: async () => {
      storage.destroy();
      await s3.stop();
    },
  };
}
