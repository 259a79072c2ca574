import { Checkbox, Label, Skeleton } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";
import { FieldAlert } from "../forms/form-alert";

/** The API pages at most 100 rows; the list offers the first 100 assessment templates by name. */
const CHOICES = { page: 1, pageSize: 100 } as const;

/**
 * The assessment templates given with a plan (template or patient's), as checkboxes; the intake is every
 * patient's already, so it is not offered. `locked` ids stay ticked (a live plan's, already given, FIZ248).
 */
export function AssessmentChecklist({
  value,
  onChange,
  locked = [],
  hint,
  error,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  locked?: readonly string[];
  hint?: string;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const choices = trpc.templates.assessments.list.useQuery(CHOICES);
  const offered = (choices.data?.items ?? []).filter((a) => !a.isIntake);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold">{t("templateEditor.plan.assessments")}</legend>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      {choices.isPending ? (
        <Skeleton className="h-10" aria-busy="true" />
      ) : offered.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("templateEditor.plan.noAssessments")}</p>
      ) : (
        <div className="grid gap-2 sm:grid-cols-2">
          {offered.map((a) => (
            <Label key={a.id} className="flex items-center gap-2 font-normal">
              <Checkbox
                checked={value.includes(a.id)}
                disabled={locked.includes(a.id)}
                onCheckedChange={(on) =>
                  onChange(on === true ? [...value, a.id] : value.filter((id) => id !== a.id))
                }
              />
              {a.name}
            </Label>
          ))}
        </div>
      )}
      <FieldAlert message={error} />
    </fieldset>
  );
}
