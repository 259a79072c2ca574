import type { TFunction } from "i18next";

/** A duration in whole minutes and seconds, in words ("10 minutes", "1 minute and 30 seconds"). */
export function formatDuration(totalSeconds: number, t: TFunction): string {
  const rounded = Math.max(0, Math.round(totalSeconds));
  const minutes = Math.floor(rounded / 60);
  const seconds = rounded % 60;
  if (minutes === 0) return t("duration.seconds", { count: seconds });
  if (seconds === 0) return t("duration.minutes", { count: minutes });
  return t("duration.both", {
    minutes: t("duration.minutes", { count: minutes }),
    seconds: t("duration.seconds", { count: seconds }),
  });
}
