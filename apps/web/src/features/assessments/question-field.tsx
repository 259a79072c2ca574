import type { AnswerValue, Question } from "@fizio/domain";
import { Checkbox, Input, Label, Textarea } from "@fizio/ui";
import { useId } from "react";
import { useTranslation } from "react-i18next";

export interface QuestionFieldProps {
  question: Question;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  error?: string;
}

/** One assessment question with the input its type calls for (spec §3 question types). */
export function QuestionField({ question, value, onChange, error }: QuestionFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = error ? true : undefined;
  const hint =
    question.type === "MULTI_SELECT"
      ? t("onboarding.chooseAll")
      : question.type === "SINGLE_SELECT"
        ? t("onboarding.chooseOne")
        : question.type === "NUMBER" && question.min !== null && question.max !== null
          ? t("onboarding.numberRange", { min: question.min, max: question.max })
          : null;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const choices = question.choices;
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={describedBy} aria-invalid={invalid}>
      <legend className="mb-1 text-lg font-semibold leading-snug">
        {question.text}
        {question.required ? null : (
          <span className="ml-2 text-sm font-normal text-muted-foreground">({t("common.optional")})</span>
        )}
      </legend>
      {hint ? (
        <p id={hintId} className="-mt-1 text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {question.type === "FREE_TEXT" ? (
        <Textarea
          aria-label={question.text}
          aria-invalid={invalid}
          value={typeof value === "string" ? value : ""}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : null}
      {question.type === "NUMBER" ? (
        <Input
          type="number"
          inputMode="decimal"
          className="max-w-40"
          aria-label={question.text}
          aria-invalid={invalid}
          min={question.min ?? undefined}
          max={question.max ?? undefined}
          value={typeof value === "number" ? value : ""}
          onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))}
        />
      ) : null}
      {question.type === "DATE" ? (
        <Input
          type="date"
          className="max-w-52"
          aria-label={question.text}
          aria-invalid={invalid}
          value={typeof value === "string" ? value : ""}
          onChange={(event) => onChange(event.target.value || null)}
        />
      ) : null}
      {question.type === "SINGLE_SELECT"
        ? choices.map((choice) => (
            <label
              key={choice}
              className="flex min-h-10 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-secondary"
            >
              <input
                type="radio"
                name={id}
                className="size-4 accent-[var(--color-primary)]"
                checked={value === choice}
                onChange={() => onChange(choice)}
              />
              {choice}
            </label>
          ))
        : null}
      {question.type === "MULTI_SELECT"
        ? choices.map((choice, index) => {
            const selected = Array.isArray(value) ? value : [];
            const checkboxId = `${id}-${index}`;
            return (
              <div key={choice} className="flex min-h-10 items-center gap-3 rounded-md border px-3 py-2">
                <Checkbox
                  id={checkboxId}
                  checked={selected.includes(choice)}
                  onCheckedChange={(checked) =>
                    onChange(checked ? [...selected, choice] : selected.filter((item) => item !== choice))
                  }
                />
                <Label htmlFor={checkboxId} className="flex-1 cursor-pointer font-normal">
                  {choice}
                </Label>
              </div>
            );
          })
        : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
