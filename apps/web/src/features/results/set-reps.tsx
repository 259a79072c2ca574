import type { AnalysisResult } from "@fizio/domain";
import { useId } from "react";
import { useTranslation } from "react-i18next";

/** "Set 1: 5 of 5 · Set 2: 4 of 5": the reps the analysis counted in each set against the prescription. */
export function SetReps({ sets }: { sets: NonNullable<AnalysisResult["sets"]> }) {
  const { t } = useTranslation();
  const titleId = useId();
  if (sets.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-1">
      <h2 id={titleId} className="text-base font-semibold">
        {t("results.detail.setsTitle")}
      </h2>
      <ul className="flex flex-wrap gap-2" data-testid="set-reps">
        {sets.map((s) => (
          <li
            key={s.set}
            className={`rounded-md border px-3 py-1 text-sm tabular-nums ${
              s.target !== null && s.counted < s.target ? "border-amber-500" : ""
            }`}
          >
            {s.target === null
              ? t("results.detail.setRepsOpen", { set: s.set, counted: s.counted })
              : t("results.detail.setReps", { set: s.set, counted: s.counted, target: s.target })}
          </li>
        ))}
      </ul>
    </section>
  );
}
