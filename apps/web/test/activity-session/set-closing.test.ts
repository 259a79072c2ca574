import type { RepVerdict } from "@fizio/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setClosing } from "../../src/features/activity-session/set-closing";
import { createVoice } from "../../src/features/activity-session/voice";

const good: RepVerdict = { cue: { kind: "good" }, inRange: true, achieved: 90, target: 92 };
const short: RepVerdict = {
  cue: { kind: "bendFurther", achieved: 60, target: 92 },
  inRange: false,
  achieved: 60,
  target: 92,
};
const unsure: RepVerdict = { cue: null, inRange: null, achieved: null, target: null };

describe("a set's closing", () => {
  it("leads with the last rep's cue, which ended the set, then the summary", () => {
    expect(setClosing([good, good, short])).toEqual({
      lastCue: { n: 3, cue: short.cue },
      summary: { inRange: 2, judged: 3, target: 92 },
    });
  });

  it("has no cue line when the last rep was not judged, and nothing when no rep was", () => {
    expect(setClosing([good, unsure])).toEqual({
      lastCue: null,
      summary: { inRange: 1, judged: 1, target: 92 },
    });
    expect(setClosing([unsure])).toBeNull();
    expect(setClosing([])).toBeNull();
  });
});

describe("the voice at a set's end", () => {
  // What the browser was asked, in order: the words of each utterance, or "cancel".
  let calls: string[];
  const synth = {
    speak: (u: SpeechSynthesisUtterance) => calls.push(`${u.lang} ${u.text}`),
    cancel: () => calls.push("cancel"),
  };
  beforeEach(() => {
    calls = [];
    vi.stubGlobal(
      "SpeechSynthesisUtterance",
      class {
        lang = "";
        constructor(readonly text: string) {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("says the last rep's cue, then queues the summary and the closing prompt without cutting it off", () => {
    const voice = createVoice("en", () => 0, synth);
    voice.cue("Good");
    voice.queue("5 of 5 reps in range. Well done.");
    voice.queue("Stop");
    expect(calls).toEqual(["cancel", "en-US Good", "en-US 5 of 5 reps in range. Well done.", "en-US Stop"]);
  });

  it("lets a new rep's cue replace whatever is still being said", () => {
    const voice = createVoice("es", () => 0, synth);
    voice.queue("Detener");
    voice.cue("Bien");
    expect(calls).toEqual(["es-ES Detener", "cancel", "es-ES Bien"]);
  });
});
