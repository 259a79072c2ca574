import { AppError, type ErrorParams, type FizCode } from "../errors";
import type { UploadKind } from "./enums";

/** Spec §5 leaves the video formats open: what browsers record (webm, mp4) and phones and cameras save. */
export const VIDEO_EXTENSIONS = ["mp4", "mov", "webm", "m4v"] as const;
export type VideoExtension = (typeof VIDEO_EXTENSIONS)[number];

/** The type stored with the object, so a signed GET plays in the browser. */
export const VIDEO_CONTENT_TYPES: Record<VideoExtension, string> = {
  mp4: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
  m4v: "video/x-m4v",
};

const ALLOWED_CONTENT_TYPES = new Set(Object.values(VIDEO_CONTENT_TYPES));

/**
 * Default size limits (MB = MiB) of a new organisation: a therapist's demonstration is short; a patient's session
 * may run long. Each organisation sets its own on /settings.
 */
export const MAX_UPLOAD_MB: Record<UploadKind, number> = { REFERENCE_VIDEO: 500, RECORDING: 1024 };
/** The most any organisation may allow (10 GiB), whatever its settings say. */
export const PLATFORM_MAX_UPLOAD_MB = 10_240;
const MB = 1024 * 1024;

/** What one organisation accepts for one kind of upload (its settings). */
export interface UploadLimits {
  maxMb: number;
  extensions: readonly string[];
}

/** Checked by the input schemas before the organisation is known; the server then applies the organisation's. */
export const PLATFORM_UPLOAD_LIMITS: UploadLimits = {
  maxMb: PLATFORM_MAX_UPLOAD_MB,
  extensions: VIDEO_EXTENSIONS,
};

/**
 * Every part but the last has this size. S3 needs at least 5 MiB per part; 8 MiB keeps a 1 GB recording at 128
 * parts and a lost part cheap to send again.
 */
export const UPLOAD_PART_SIZE = 8 * MB;
/** Presigned part URLs asked for in one call. */
export const MAX_PARTS_PER_SIGN_REQUEST = 100;
/** Part PUT URLs are short-lived: the client asks again for the parts it still has to send. */
export const PART_URL_TTL_SECONDS = 15 * 60;
/** Signed GET URLs for playing videos and showing images; the client reads them again when they expire. */
export const VIEW_URL_TTL_SECONDS = 30 * 60;

export interface UploadPlan {
  partSize: number;
  partCount: number;
}

export function uploadPlan(size: number): UploadPlan {
  return { partSize: UPLOAD_PART_SIZE, partCount: Math.max(1, Math.ceil(size / UPLOAD_PART_SIZE)) };
}

/** The bytes part `partNumber` (1-based) must hold: the part size, except for the last part. */
export function expectedPartSize(size: number, partNumber: number): number {
  const { partSize, partCount } = uploadPlan(size);
  return partNumber < partCount ? partSize : size - partSize * (partCount - 1);
}

/** The lower-case extension of a file name, without the dot; "" when there is none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot <= 0 ? "" : fileName.slice(dot + 1).toLowerCase();
}

export function isVideoExtension(extension: string): extension is VideoExtension {
  return (VIDEO_EXTENSIONS as readonly string[]).includes(extension);
}

/** "video/webm;codecs=vp9" (MediaRecorder) is video/webm. */
const baseType = (contentType: string) => contentType.split(";")[0]!.trim().toLowerCase();

/** The type to store: the browser's when it is a video type we accept, else the extension's. */
export function videoContentType(fileName: string, contentType?: string | null): string {
  if (contentType && ALLOWED_CONTENT_TYPES.has(baseType(contentType))) return baseType(contentType);
  const extension = extensionOf(fileName);
  return isVideoExtension(extension) ? VIDEO_CONTENT_TYPES[extension] : "application/octet-stream";
}

export interface UploadRequest {
  kind: UploadKind;
  fileName: string;
  size: number;
  /** Browsers leave it empty for types they do not know; the extension decides then. */
  contentType?: string | null;
}

export interface UploadIssue {
  path: "fileName" | "size" | "contentType";
  code: FizCode;
  params: ErrorParams;
}

/**
 * Spec §5 files: not empty (FIZ058), an extension the organisation allows and a video type (FIZ056), within its
 * size limit (FIZ057 with maxMb). Checked in the browser before uploading and again by the server before anything
 * is stored; the worker's probe is the last word on whether the bytes are a video.
 */
export function uploadIssues(request: UploadRequest, limits: UploadLimits): UploadIssue[] {
  const issues: UploadIssue[] = [];
  if (request.size <= 0) issues.push({ path: "size", code: "FIZ058", params: {} });
  const extension = extensionOf(request.fileName);
  if (!isVideoExtension(extension) || !limits.extensions.includes(extension))
    issues.push({ path: "fileName", code: "FIZ056", params: {} });
  if (request.contentType && !ALLOWED_CONTENT_TYPES.has(baseType(request.contentType)))
    issues.push({ path: "contentType", code: "FIZ056", params: {} });
  if (request.size > limits.maxMb * MB)
    issues.push({ path: "size", code: "FIZ057", params: { maxMb: limits.maxMb } });
  return issues;
}

export function validateUploadRequest(request: UploadRequest, limits: UploadLimits): void {
  const [issue] = uploadIssues(request, limits);
  if (issue) throw new AppError(issue.code, issue.params, { field: issue.path });
}
