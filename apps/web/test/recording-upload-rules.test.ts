import { UPLOAD_PART_SIZE } from "@fizio/domain";
import { describe, expect, it } from "vitest";
import { backoffMs } from "../src/features/recording-upload/backoff";
import { failureKind } from "../src/features/recording-upload/failure-kind";
import { recordingFile } from "../src/features/recording-upload/file-name";
import { batches, confirmedBytes, partRange, planResume } from "../src/features/recording-upload/part-plan";

const MB8 = UPLOAD_PART_SIZE;
const size = 2 * MB8 + 1000;

describe("part plan", () => {
  it("cuts 8 MiB parts and a short last one", () => {
    expect(partRange(size, 1)).toEqual({ partNumber: 1, start: 0, end: MB8 });
    expect(partRange(size, 3)).toEqual({ partNumber: 3, start: 2 * MB8, end: size });
    expect(partRange(10, 1)).toEqual({ partNumber: 1, start: 0, end: 10 });
  });

  it("resumes from what storage lists, sending parts it lacks or holds with the wrong size", () => {
    const listed = [
      { partNumber: 1, etag: "s1", size: MB8 },
      { partNumber: 2, etag: "s2", size: 100 },
    ];
    // Part 3's ETag kept on the device does not count: storage does not list it.
    expect(planResume(size, { 1: "d1", 3: "d3" }, listed)).toEqual({
      confirmed: { 1: "s1" },
      toSend: [2, 3],
    });
    expect(planResume(size, {}, [])).toEqual({ confirmed: {}, toSend: [1, 2, 3] });
  });

  it("trusts the device's ETags when storage could not be asked", () => {
    expect(planResume(size, { 1: "d1", 3: "d3" }, null)).toEqual({
      confirmed: { 1: "d1", 3: "d3" },
      toSend: [2],
    });
  });

  it("counts confirmed bytes and batches sign requests", () => {
    expect(confirmedBytes(size, { 1: "a", 3: "c" })).toBe(MB8 + 1000);
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});

describe("retries", () => {
  it("backs off doubling from about a second to at most a minute, with jitter", () => {
    expect(backoffMs(0, 0)).toBe(500);
    expect(backoffMs(0, 0.999)).toBeLessThanOrEqual(1000);
    expect(backoffMs(3, 0.5)).toBe(6000);
    expect(backoffMs(20, 0.999)).toBeLessThanOrEqual(60_000);
    expect(backoffMs(20, 0)).toBe(30_000);
  });

  it("retries network, server and storage faults, restarts a spent upload, gives up on refused files", () => {
    const f = (status: number | undefined, fiz: string | null, params = {}) =>
      failureKind({ status, fiz, params });
    expect(f(undefined, "FIZ301")).toBe("retry");
    expect(f(0, null)).toBe("retry");
    expect(f(503, "FIZ321")).toBe("retry");
    expect(f(429, "FIZ008")).toBe("retry");
    // Too many uploads open (FIZ265): the recording waits on the device until one finishes or expires.
    expect(f(429, "FIZ265")).toBe("retry");
    expect(f(403, null)).toBe("retry");
    expect(f(400, "FIZ305", { partNumbers: "2,3" })).toBe("retry");
    expect(f(409, "FIZ305")).toBe("restart");
    expect(f(404, "FIZ106")).toBe("restart");
    expect(f(401, "FIZ401")).toBe("signedOut");
    expect(f(400, "FIZ057")).toBe("refused");
    expect(f(404, "FIZ125")).toBe("refused");
  });
});

describe("recording file", () => {
  it("names MediaRecorder types by their container and announces a type the server accepts", () => {
    expect(recordingFile("video/webm;codecs=vp9,opus")).toEqual({
      fileName: "recording.webm",
      contentType: "video/webm",
    });
    expect(recordingFile("video/x-matroska;codecs=avc1")).toEqual({
      fileName: "recording.webm",
      contentType: "video/webm",
    });
    expect(recordingFile("video/mp4")).toEqual({ fileName: "recording.mp4", contentType: "video/mp4" });
  });
});
