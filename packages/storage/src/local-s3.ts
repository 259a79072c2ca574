/// <reference path="./s3rver.d.ts" />
import { mkdir } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import S3rver from "s3rver";
import type { StorageConfig } from "./config";
import { handleMissingMultipartCalls } from "./local-s3-multipart";
import { presignedSignatureMatches, refuseSignature } from "./local-s3-signature";

/** The browser PUTs upload parts straight to storage and must read each part's ETag. */
const CORS_XML = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** s3rver's fixed dummy credentials (the secret is the same string). */
const ACCESS_KEY = "S3RVER";

export interface LocalS3 {
  endpoint: string;
  config: StorageConfig;
  stop(): Promise<void>;
}

/**
 * An S3-compatible server on loopback storing objects as files under `dir` (s3rver), with the bucket created
 * and CORS configured. s3rver lacks ListParts and AbortMultipartUpload, which resumable uploads need; those
 * two calls are answered here from s3rver's upload directory. s3rver verifies no SigV4 signature either, so
 * presigned URLs (the browser's part PUTs and GETs) are verified here as S3 would, signed headers such as a
 * part's Content-Length included; requests the SDK signs in a header are not verified: dev and tests only.
 */
export async function startLocalS3(options: {
  dir: string;
  port?: number;
  bucket: string;
}): Promise<LocalS3> {
  await mkdir(options.dir, { recursive: true });
  const s3rver = new S3rver({
    directory: options.dir,
    silent: true,
    configureBuckets: [{ name: options.bucket, configs: [CORS_XML] }],
  });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (!presignedSignatureMatches(req, ACCESS_KEY)) return refuseSignature(res);
    handleMissingMultipartCalls(options.dir, req, res).then(
      (handled) => {
        if (!handled) handle(req, res);
      },
      (error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    config: {
      endpoint,
      region: "us-east-1",
      bucket: options.bucket,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: ACCESS_KEY,
      forcePathStyle: true,
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
