import { Button, Input } from "@fizio/ui";
import { Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";

/** The answer choices of a choice question: one input each, added and removed in place. */
export function ChoicesEditor({
  value,
  onChange,
  questionLabel,
  errors,
  disabled,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  questionLabel: string;
  errors?: ({ message?: string } | undefined)[];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      {value.map((choice, i) => {
        const label = `${questionLabel}, ${t("templateEditor.questions.choice", { number: i + 1 })}`;
        const error = errors?.[i]?.message;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: choices are plain strings edited in place
          <div key={i} className="flex flex-col gap-1">
            <div className="flex items-center gap-2">
              <Input
                aria-label={label}
                aria-invalid={error ? true : undefined}
                value={choice}
                disabled={disabled}
                onChange={(event) => onChange(value.map((c, j) => (j === i ? event.target.value : c)))}
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`${t("templateEditor.remove")}: ${label}`}
                disabled={disabled}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
            {error ? (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <div>
        <Button variant="outline" size="sm" disabled={disabled} onClick={() => onChange([...value, ""])}>
          <Plus aria-hidden />
          {t("templateEditor.questions.addChoice")}
        </Button>
      </div>
    </div>
  );
}
