import { describe, expect, it } from "vitest";
import { downloadName, formatDegrees, formatDuration } from "../../src/features/results/format";

describe("results formatting", () => {
  it("shows degrees with one decimal in the reader's language, and a dash for nothing measured", () => {
    expect(formatDegrees(7.84, "en")).toBe("7.8°");
    expect(formatDegrees(7, "es")).toBe("7,0°");
    expect(formatDegrees(null, "en")).toBe("–");
  });

  it("shows durations as m:ss, with hours when needed", () => {
    expect(formatDuration(30)).toBe("0:30");
    expect(formatDuration(125.4)).toBe("2:05");
    expect(formatDuration(3725)).toBe("1:02:05");
    expect(formatDuration(null)).toBe("–");
  });

  it("names downloads after the activity and the day, without accents or spaces", () => {
    expect(downloadName("Flexión de codo", new Date("2026-03-05T10:00:00Z"), "mp4")).toBe(
      "flexion-de-codo-2026-03-05.mp4",
    );
    expect(downloadName("!!", new Date("2026-03-05T10:00:00Z"), "webm")).toBe("recording-2026-03-05.webm");
  });
});
