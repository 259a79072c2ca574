import type { Locale } from "@fizio/i18n";

/** Seconds before the same prompt is spoken again, so a prompt that stays on screen is not repeated on every frame. */
const REPEAT_SECONDS = 6;

export interface Voice {
  say(text: string): void;
  /** Speaks at once, even the same words as the last time: one rep's cue may well repeat the last rep's. */
  cue(text: string): void;
  cancel(): void;
}

/** Spec §3 voice prompts through the browser's speech synthesis, in the patient's language. */
export function createVoice(locale: Locale, now: () => number = () => performance.now() / 1000): Voice {
  const synth = typeof window !== "undefined" ? window.speechSynthesis : undefined;
  let last: { text: string; at: number } | null = null;
  const speak = (text: string) => {
    if (!synth) return;
    last = { text, at: now() };
    synth.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = locale === "es" ? "es-ES" : "en-US";
    synth.speak(utterance);
  };
  return {
    say(text) {
      if (last?.text === text && now() - last.at < REPEAT_SECONDS) return;
      speak(text);
    },
    cue: speak,
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
