import { afterEach, describe, expect, it, vi } from "vitest";
import { type SavingProgress, startRecorder, TAIL_MS } from "../../src/features/activity-session/recorder";
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
    // Past the tail the recorder has stopped, and its last chunk is on its way to the sink.
    await new Promise((resolve) => setTimeout(resolve, TAIL_MS + 10));
    expect(done).toBe(false);
    expect(reports.at(-1)).toEqual({ saved: 0, total: 4 });

    await settleAll();
    await stopping;
    expect(appended).toEqual(["one", "three", "last"]);
    expect(reports[0]).toEqual({ saved: 0, total: 3 });
    expect(reports.at(-1)).toEqual({ saved: 4, total: 4 });
  });

  it("pauses for a break after its tail: the file's clock stops with it and runs on from where it stopped", async () => {
    vi.stubGlobal("MediaRecorder", FakeMediaRecorder);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let clock = 1000;
    vi.spyOn(performance, "now").mockImplementation(() => clock);
    const { sink } = slowSink("");
    const recorder = startRecorder({} as MediaStream, sink, "video/webm");
    clock += 10_000;
    expect(recorder.elapsed()).toBeCloseTo(10);
    const paused = recorder.pause();
    // The frames still being encoded reach the file: the recorder runs on through the tail.
    expect(FakeMediaRecorder.last.state).toBe("recording");
    clock += TAIL_MS;
    vi.advanceTimersByTime(TAIL_MS);
    expect(FakeMediaRecorder.last.state).toBe("paused");
    expect(await paused).toBeCloseTo(10 + TAIL_MS / 1000);
    clock += 20_000;
    expect(recorder.elapsed()).toBeCloseTo(10 + TAIL_MS / 1000);
    recorder.resume();
    expect(FakeMediaRecorder.last.state).toBe("recording");
    clock += 9_000;
    recorder.resume();
    expect(recorder.elapsed()).toBeCloseTo(19 + TAIL_MS / 1000);

    // A break skipped within the tail never pauses: the set ends where the next begins.
    const skipped = recorder.pause();
    clock += 100;
    recorder.resume();
    expect(await skipped).toBeCloseTo(19.1 + TAIL_MS / 1000);
    vi.advanceTimersByTime(TAIL_MS);
    expect(FakeMediaRecorder.last.state).toBe("recording");

    // Stopping also waits out the tail; the file's length is then fixed.
    void recorder.stop();
    expect(FakeMediaRecorder.last.state).toBe("recording");
    clock += TAIL_MS;
    vi.advanceTimersByTime(TAIL_MS);
    expect(FakeMediaRecorder.last.state).toBe("inactive");
    clock += 5_000;
    expect(recorder.elapsed()).toBeCloseTo(19.1 + (2 * TAIL_MS) / 1000);
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
});
