import { createStorage } from "@fizio/storage";

/**
 * Object storage at a closed local port, for server tests that never upload: signed URLs (and the CSP built from
 * their origin) are computed locally, and anything that really calls storage fails fast.
 */
export const offlineStorage = () =>
  createStorage({
    endpoint: "http://127.0.0.1:9",
    region: "us-east-1",
    bucket: "fizio",
    accessKeyId: "test",
    secretAccessKey: "test",
    forcePathStyle: true,
  });
