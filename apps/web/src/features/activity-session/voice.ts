import type { Locale } from "@fizio/i18n";

/** Seconds before the same prompt is spoken again, so a prompt that stays on screen is not repeated on every frame. */
const REPEAT_SECONDS = 6;

export interface Voice {
  say(text: string): void;
  /** Speaks at once, even the same words as the last time: one rep's cue may well repeat the last rep's. */
  cue(text: string): void;
  /**
   * Speaks after whatever is being said, without cutting it off: a set's summary and the closing "stop" come
   * in the same moment as the set's last rep, whose cue must still be heard first.
   */
  queue(text: string): void;
  cancel(): void;
}

type Synth = Pick<SpeechSynthesis, "speak" | "cancel">;

/** Spec §3 voice prompts through the browser's speech synthesis, in the patient's language. */
export function createVoice(
  locale: Locale,
  now: () => number = () => performance.now() / 1000,
  synth: Synth | undefined = typeof window !== "undefined" ? window.speechSynthesis : undefined,
): Voice {
  let last: { text: string; at: number } | null = null;
  const speak = (text: string, interrupt: boolean) => {
    if (!synth) return;
    last = { text, at: now() };
    if (interrupt) synth.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = locale === "es" ? "es-ES" : "en-US";
    synth.speak(utterance);
  };
  return {
    say(text) {
      if (last?.text === text && now() - last.at < REPEAT_SECONDS) return;
      speak(text, true);
    },
    cue: (text) => speak(text, true),
    queue: (text) => speak(text, false),
    cancel() {
      synth?.cancel();
    },
  };
}

type SinkAudioContext = AudioContext & { setSinkId?: (id: string) => Promise<void> };

/** The speaker check: a short tone on the chosen speaker (where the browser lets a page choose). */
export async function playTone(speakerId: string): Promise<void> {
  const context: SinkAudioContext = new AudioContext();
  if (speakerId && speakerId !== "default") await context.setSinkId?.(speakerId).catch(() => undefined);
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = 660;
  gain.gain.setValueAtTime(0.2, context.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.6);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start();
  oscillator.stop(context.currentTime + 0.6);
  await new Promise<void>((resolve) => {
    oscillator.onended = () => resolve();
  });
  await context.close();
}
