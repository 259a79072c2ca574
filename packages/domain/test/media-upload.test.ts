import { describe, expect, it } from "vitest";
import {
  AppError,
  expectedPartSize,
  fieldErrorsFromZod,
  startUploadInput,
  UPLOAD_PART_SIZE,
  uploadIssues,
  uploadPlan,
  validateUploadRequest,
  videoContentType,
} from "../src";

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

  it("reports every file problem of an upload request per field, with the limit for FIZ057", () => {
    const result = startUploadInput.safeParse({
      kind: "REFERENCE_VIDEO",
      fileName: "squat.exe",
      size: 600 * MB,
      groupId: GROUP_ID,
      orientation: "PORTRAIT",
    });
    expect(fieldErrorsFromZod(result.error!)).toEqual([
      { path: "fileName", code: "FIZ056", params: {} },
      { path: "size", code: "FIZ057", params: { maxMb: 500 } },
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
