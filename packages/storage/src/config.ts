export interface StorageConfig {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (`endpoint/bucket/key`): needed by s3rver and most S3-compatible servers. */
  forcePathStyle: boolean;
}

/**
 * Production storage from S3_* variables; null when S3_ENDPOINT is unset, which tells the caller to start
 * the local S3 instead. S3_FORCE_PATH_STYLE=false switches to virtual-hosted URLs (AWS proper).
 */
export function storageConfigFromEnv(env: NodeJS.ProcessEnv = process.env): StorageConfig | null {
  const endpoint = env.S3_ENDPOINT?.trim();
  if (!endpoint) return null;
  const missing = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`S3_ENDPOINT is set but ${missing.join(", ")} missing`);
  return {
    endpoint,
    region: env.S3_REGION || "us-east-1",
    bucket: env.S3_BUCKET!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: env.S3_FORCE_PATH_STYLE !== "false",
  };
}

/** The variables a child process (e.g. the analysis worker) needs to reach the same storage. */
export function storageConfigToEnv(config: StorageConfig): Record<string, string> {
  return {
    S3_ENDPOINT: config.endpoint,
    S3_REGION: config.region,
    S3_BUCKET: config.bucket,
    S3_ACCESS_KEY_ID: config.accessKeyId,
    S3_SECRET_ACCESS_KEY: config.secretAccessKey,
    S3_FORCE_PATH_STYLE: String(config.forcePathStyle),
  };
}
