import { describe, expect, it } from "vitest";
import {
  AppError,
  DEFAULT_ORGANIZATION_SETTINGS,
  expectedPartSize,
  fieldErrorsFromZod,
  uploadIssues as issuesWithin,
  startUploadInput,
  UPLOAD_PART_SIZE,
  type UploadRequest,
  uploadLimitsOf,
  uploadPlan,
  validateUploadRequest as validateWithin,
  videoContentType,
} from "../src";

// A new organisation's limits, the defaults these rules were first written against.
const defaults = (request: UploadRequest) => uploadLimitsOf(DEFAULT_ORGANIZATION_SETTINGS, request.kind);
const uploadIssues = (request: UploadRequest) => issuesWithin(request, defaults(request));
const validateUploadRequest = (request: UploadRequest) => validateWithin(request, defaults(request));

const MB = 1024 * 1024;
const GROUP_ID = "7d1c0f5e-8a4b-4f57-9a3e-2b7c1d9e0f11";

function codeOf(fn: () => void) {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof AppError ? { code: error.code, params: error.params, field: error.field } : error;
  }
}

describe("upload rules (spec §5 files)", () => {
  it("accepts the video formats browsers and phones produce, whatever the case of the extension", () => {
    for (const fileName of ["a.mp4", "b.MOV", "c.webm", "d.m4v", "my.clip.Mp4"])
      expect(uploadIssues({ kind: "RECORDING", fileName, size: 10, contentType: "" })).toEqual([]);
    expect(
      uploadIssues({
        kind: "RECORDING",
        fileName: "rec.webm",
        size: 10,
        contentType: "video/webm;codecs=vp9",
      }),
    ).toEqual([]);
  });

  it("refuses other extensions and types (FIZ056), empty files (FIZ058) and oversized ones (FIZ057)", () => {
    expect(
      codeOf(() => validateUploadRequest({ kind: "RECORDING", fileName: "notes.pdf", size: 10 })),
    ).toEqual({
      code: "FIZ056",
      params: {},
      field: "fileName",
    });
    expect(
      codeOf(() => validateUploadRequest({ kind: "RECORDING", fileName: "mp4", size: 10 })),
    ).toMatchObject({
      code: "FIZ056",
    });
    expect(
      codeOf(() =>
        validateUploadRequest({ kind: "RECORDING", fileName: "a.mp4", size: 10, contentType: "image/png" }),
      ),
    ).toMatchObject({ code: "FIZ056", field: "contentType" });
    expect(
      codeOf(() => validateUploadRequest({ kind: "RECORDING", fileName: "a.mp4", size: 0 })),
    ).toMatchObject({
      code: "FIZ058",
      field: "size",
    });
    expect(
      codeOf(() => validateUploadRequest({ kind: "REFERENCE_VIDEO", fileName: "a.mp4", size: 500 * MB + 1 })),
    ).toEqual({ code: "FIZ057", params: { maxMb: 500 }, field: "size" });
    expect(
      codeOf(() => validateUploadRequest({ kind: "REFERENCE_VIDEO", fileName: "a.mp4", size: 500 * MB })),
    ).toBe(null);
    // Recordings may be larger than reference videos.
    expect(
      codeOf(() => validateUploadRequest({ kind: "RECORDING", fileName: "a.mp4", size: 600 * MB })),
    ).toBe(null);
    expect(
      codeOf(() => validateUploadRequest({ kind: "RECORDING", fileName: "a.mp4", size: 1024 * MB + 1 })),
    ).toMatchObject({ code: "FIZ057", params: { maxMb: 1024 } });
  });

  it("applies the organisation's own limit and formats", () => {
    const strict = { maxMb: 50, extensions: ["mp4"] };
    expect(issuesWithin({ kind: "RECORDING", fileName: "a.mp4", size: 50 * MB }, strict)).toEqual([]);
    expect(issuesWithin({ kind: "RECORDING", fileName: "a.mp4", size: 50 * MB + 1 }, strict)).toEqual([
      { path: "size", code: "FIZ057", params: { maxMb: 50 } },
    ]);
    // A video format the organisation does not take is refused like any other file.
    expect(issuesWithin({ kind: "RECORDING", fileName: "a.webm", size: 10 }, strict)).toEqual([
      { path: "fileName", code: "FIZ056", params: {} },
    ]);
  });

  it("stores the browser's type when it is a video type, else the extension's", () => {
    expect(videoContentType("rec.webm", "video/webm;codecs=vp8,opus")).toBe("video/webm");
    expect(videoContentType("clip.MOV", "")).toBe("video/quicktime");
    expect(videoContentType("clip.m4v", null)).toBe("video/x-m4v");
  });

  it("splits a file into fixed-size parts with a shorter last part", () => {
    expect(uploadPlan(1)).toEqual({ partSize: UPLOAD_PART_SIZE, partCount: 1 });
    expect(uploadPlan(UPLOAD_PART_SIZE)).toEqual({ partSize: UPLOAD_PART_SIZE, partCount: 1 });
    expect(uploadPlan(UPLOAD_PART_SIZE + 1).partCount).toBe(2);
    expect(uploadPlan(1024 * MB).partCount).toBe(128);
    expect(expectedPartSize(UPLOAD_PART_SIZE + 5, 1)).toBe(UPLOAD_PART_SIZE);
    expect(expectedPartSize(UPLOAD_PART_SIZE + 5, 2)).toBe(5);
    expect(expectedPartSize(100, 1)).toBe(100);
  });

  it("reports every file problem of an upload request per field, with the platform's limit for FIZ057", () => {
    // Before the organisation is known the schema holds a file to what any organisation could allow.
    const result = startUploadInput.safeParse({
      kind: "REFERENCE_VIDEO",
      fileName: "squat.exe",
      size: 10_240 * MB + 1,
      groupId: GROUP_ID,
      orientation: "PORTRAIT",
    });
    expect(fieldErrorsFromZod(result.error!)).toEqual([
      { path: "fileName", code: "FIZ056", params: {} },
      { path: "size", code: "FIZ057", params: { maxMb: 10_240 } },
    ]);
  });

  it("needs a reference for a recording: an activity or a reference video (FIZ042)", () => {
    const base = { kind: "RECORDING", fileName: "rec.webm", size: 100, durationSeconds: 12.5 };
    const missing = startUploadInput.safeParse(base);
    expect(fieldErrorsFromZod(missing.error!)).toEqual([
      { path: "referenceVideoId", code: "FIZ042", params: {} },
    ]);
    const ok = startUploadInput.parse({ ...base, activityId: GROUP_ID, checksumSha256: "AB".repeat(32) });
    expect(ok).toMatchObject({ recordingBreaks: [], checksumSha256: "ab".repeat(32) });
  });
});
