import { createReadStream, createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { StorageConfig } from "./config";
import { ObjectNotFoundError } from "./errors";
import { createGetUrlPresigner } from "./presign-get";

export interface ObjectInfo {
  size: number;
  etag: string;
  contentType: string | undefined;
}

export interface UploadedPart {
  partNumber: number;
  etag: string;
  size: number;
}

export interface CompletedPart {
  partNumber: number;
  etag: string;
}

export interface Storage {
  readonly bucket: string;
  /** Throws when the bucket cannot be reached (HeadBucket). */
  ping(): Promise<void>;
  ensureBucket(): Promise<void>;
  putFile(key: string, path: string, contentType: string): Promise<{ etag: string }>;
  /** Streams the object to `path`; throws ObjectNotFoundError when the key does not exist. */
  downloadToFile(key: string, path: string): Promise<{ size: number }>;
  /** With `downloadAs`, the browser saves the object under that file name instead of showing it. */
  getSignedGetUrl(key: string, expiresSeconds: number, options?: { downloadAs?: string }): Promise<string>;
  deleteObject(key: string): Promise<void>;
  headObject(key: string): Promise<ObjectInfo | null>;
  /** Every object's key and size, page by page (a backup reads the whole bucket). */
  listObjects(prefix?: string): AsyncIterable<{ key: string; size: number }>;
  createMultipartUpload(key: string, contentType: string): Promise<string>;
  /**
   * A URL the browser PUTs one part of exactly `size` bytes to (storage refuses another length); the
   * response's ETag header is the part's etag.
   */
  signUploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    size: number,
    expiresSeconds: number,
  ): Promise<string>;
  /** Parts already stored, so an interrupted upload resumes with the missing ones. */
  listUploadedParts(key: string, uploadId: string): Promise<UploadedPart[]>;
  completeMultipartUpload(key: string, uploadId: string, parts: CompletedPart[]): Promise<{ etag: string }>;
  /** Idempotent: aborting an unknown or already finished upload is not an error. */
  abortMultipartUpload(key: string, uploadId: string): Promise<void>;
  destroy(): void;
}

const isStatus = (error: unknown, status: number) =>
  error instanceof S3ServiceException && error.$metadata.httpStatusCode === status;

const unquote = (etag: string | undefined) => (etag ?? "").replaceAll('"', "");

/** The SDK's client for a storage configuration. */
export function createS3Client(config: StorageConfig): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's default CRC checksums (aws-chunked bodies, checksum params in presigned URLs) break
    // browser part uploads and S3-compatible servers; S3 itself does not require them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

export function createStorage(config: StorageConfig): Storage {
  const client = createS3Client(config);
  const Bucket = config.bucket;
  const presignGet = createGetUrlPresigner(config);

  return {
    bucket: Bucket,

    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },

    async ensureBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        if (!isStatus(error, 404)) throw error;
        await client.send(
          new CreateBucketCommand({
            Bucket,
            ...(config.region === "us-east-1"
              ? {}
              : { CreateBucketConfiguration: { LocationConstraint: config.region as never } }),
          }),
        );
      }
    },

    async putFile(key, path, contentType) {
      const { size } = await stat(path);
      const out = await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: createReadStream(path),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
      return { etag: unquote(out.ETag) };
    },

    async downloadToFile(key, path) {
      let body: Readable;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        body = out.Body as Readable;
      } catch (error) {
        if (isStatus(error, 404)) throw new ObjectNotFoundError(key);
        throw error;
      }
      await pipeline(body, createWriteStream(path));
      return { size: (await stat(path)).size };
    },

    getSignedGetUrl(key, expiresSeconds, options = {}) {
      const disposition = options.downloadAs
        ? `attachment; filename="${options.downloadAs.replace(/[^\w .-]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(options.downloadAs)}`
        : undefined;
      return presignGet(key, expiresSeconds, { responseContentDisposition: disposition });
    },

    async deleteObject(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async headObject(key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: out.ContentLength ?? 0, etag: unquote(out.ETag), contentType: out.ContentType };
      } catch (error) {
        if (isStatus(error, 404)) return null;
        throw error;
      }
    },

    async *listObjects(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0 };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async createMultipartUpload(key, contentType) {
      const out = await client.send(
        new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
      );
      if (!out.UploadId) throw new Error(`no upload id returned for ${key}`);
      return out.UploadId;
    },

    signUploadPart(key, uploadId, partNumber, size, expiresSeconds) {
      return getSignedUrl(
        client,
        new UploadPartCommand({
          Bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber: partNumber,
          ContentLength: size,
        }),
        // Signing the length keeps a URL from taking a body of any other size, so a part cannot be inflated.
        { expiresIn: expiresSeconds, signableHeaders: new Set(["content-length"]) },
      );
    },

    async listUploadedParts(key, uploadId) {
      const parts: UploadedPart[] = [];
      let marker: string | undefined;
      for (;;) {
        const out = await client.send(
          new ListPartsCommand({ Bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }),
        );
        for (const p of out.Parts ?? []) {
          parts.push({ partNumber: p.PartNumber ?? 0, etag: unquote(p.ETag), size: p.Size ?? 0 });
        }
        if (!out.IsTruncated) return parts;
        marker = out.NextPartNumberMarker;
      }
    },

    async completeMultipartUpload(key, uploadId, parts) {
      const sorted = [...parts].sort((a, b) => a.partNumber - b.partNumber);
      const out = await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: sorted.map((p) => ({ PartNumber: p.partNumber, ETag: `"${p.etag}"` })) },
        }),
      );
      return { etag: unquote(out.ETag) };
    },

    async abortMultipartUpload(key, uploadId) {
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }));
      } catch (error) {
        if (!isStatus(error, 404)) throw error;
      }
    },

    destroy() {
      client.destroy();
    },
  };
}
