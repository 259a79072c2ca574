import { afterEach, describe, expect, it, vi } from "vitest";
import { type SavingProgress, startRecorder } from "../../src/features/activity-session/recorder";
import type { RecordingSink } from "../../src/features/recording-upload";

/** A MediaRecorder driven by the test: chunks arrive when the test says, and stop() hands over the last one. */
class FakeMediaRecorder {
  static last: FakeMediaRecorder;
  state: "inactive" | "recording" | "paused" = "inactive";
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor() {
    FakeMediaRecorder.last = this;
  }
  start() {
    this.state = "recording";
  }
  pause() {
    this.state = "paused";
  }
  resume() {
    this.state = "recording";
  }
  emit(text: string) {
    this.ondataavailable?.({ data: new Blob([text]) });
  }
  stop() {
    this.state = "inactive";
    setTimeout(() => {
      this.emit("last");
      this.onstop?.();
    });
  }
}

/** A sink whose appends finish only when the test lets them, one failing if asked. */
function slowSink(failing: string) {
  const appended: string[] = [];
  const waiting: (() => void)[] = [];
  const sink: RecordingSink = {
    append: async (chunk) => {
      const text = await chunk.text();
      await new Promise<void>((resolve) => waiting.push(resolve));
      if (text === failing) throw new Error("quota exceeded");
      appended.push(text);
    },
    finish: async () => ({ localId: "local" }),
    discard: async () => {},
  };
  const settleAll = async () => {
    while (waiting.length > 0) {
      waiting.shift()?.();
      await new Promise((resolve) => setTimeout(resolve));
    }
  };
  return { sink, appended, settleAll };
}

afterEach(() => vi.unstubAllGlobals());

describe("recorder", () => {
  it("stops once every chunk reached the sink, reporting the saving as it goes, past a chunk that failed", async () => {
    vi.stubGlobal("MediaRecorder", FakeMediaRecorder);
    const { sink, appended, settleAll } = slowSink("two");
    const recorder = startRecorder({} as MediaStream, sink, "video/webm");
    for (const text of ["one", "two", "three"]) FakeMediaRecorder.last.emit(text);

    const reports: SavingProgress[] = [];
    let done = false;
    const stopping = recorder
      .stop((p) => reports.push(p))
      .then(() => {
        done = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    expect(reports.at(-1)).toEqual({ saved: 0, total: 4 });

    await settleAll();
    await stopping;
    expect(appended).toEqual(["one", "three", "last"]);
    expect(reports[0]).toEqual({ saved: 0, total: 3 });
    expect(reports.at(-1)).toEqual({ saved: 4, total: 4 });
  });

  it("pauses for a break: the file's clock stops with it and runs on from where it stopped", async () => {
    vi.stubGlobal("MediaRecorder", FakeMediaRecorder);
    let clock = 1000;
    vi.spyOn(performance, "now").mockImplementation(() => clock);
    const { sink } = slowSink("");
    const recorder = startRecorder({} as MediaStream, sink, "video/webm");
    clock += 10_000;
    expect(recorder.elapsed()).toBeCloseTo(10);
    recorder.pause();
    expect(FakeMediaRecorder.last.state).toBe("paused");
    clock += 20_000;
    expect(recorder.elapsed()).toBeCloseTo(10);
    recorder.pause();
    recorder.resume();
    expect(FakeMediaRecorder.last.state).toBe("recording");
    clock += 9_000;
    recorder.resume();
    expect(recorder.elapsed()).toBeCloseTo(19);
    vi.restoreAllMocks();
  });
});
