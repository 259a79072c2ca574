import { FormField, Input } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import { ActivityListEditor } from "../templates/activity-list-editor";
import { ItemControls } from "../templates/item-controls";
import type { PlanForm, StoredPlan } from "./plan-form";

type StoredActivity = StoredPlan["sessions"][number]["activities"][number];

/**
 * One dated session of a plan and its activities. A session holding an activity the patient has started
 * cannot be removed, and that activity is shown as it is (FIZ221).
 */
export function PlanSessionEditor({
  form,
  index,
  count,
  stored,
  onRemove,
}: {
  form: PlanForm;
  index: number;
  count: number;
  stored: StoredPlan | undefined;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const label = t("patientPlans.editor.session", { number: index + 1 });
  const started = new Map(
    (stored?.sessions ?? [])
      .flatMap((s) => s.activities)
      .filter((a): a is StoredActivity & { startedAt: Date } => Boolean(a.startedAt))
      .map((a) => [a.id, a]),
  );
  const startedAt = (j: number) => {
    const id = form.getValues(`sessions.${index}.activities.${j}.id`);
    return id ? started.get(id) : undefined;
  };
  // The tolerance each measured activity of the session is scored with (a progression may have set its own).
  const storedHere = new Map(
    (stored?.sessions ?? []).flatMap((s) => s.activities).map((a) => [a.id, a] as const),
  );
  const tolerances = form
    .getValues(`sessions.${index}.activities`)
    .flatMap((a) => {
      const found = a.id ? storedHere.get(a.id) : undefined;
      return found && found.effectiveTolerances.length > 0 ? [found] : [];
    })
    .map((a) =>
      a.tolerance !== null
        ? t("patientPlans.editor.toleranceOwn", { name: a.name, degrees: a.tolerance })
        : t("patientPlans.editor.toleranceVideo", {
            name: a.name,
            tolerances: a.effectiveTolerances
              .map((j) =>
                t("planProgress.jointTolerance", {
                  joint: t(`videos.joints.${j.joint}`),
                  degrees: j.tolerance,
                }),
              )
              .join(", "),
          }),
    );
  const holdsStarted = form
    .getValues(`sessions.${index}.activities`)
    .some((a) => a.id !== undefined && started.has(a.id));
  return (
    <section aria-label={label} className="flex flex-col gap-3 rounded-md border p-3">
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold">{label}</h3>
        <ItemControls label={label} index={index} count={count} disabled={holdsStarted} onRemove={onRemove} />
      </div>
      <FormField
        className="sm:max-w-56"
        label={t("patientPlans.editor.date")}
        error={form.formState.errors.sessions?.[index]?.date?.message}
      >
        <Input type="date" {...form.register(`sessions.${index}.date`)} />
      </FormField>
      <ActivityListEditor
        form={form}
        name={`sessions.${index}.activities`}
        locked={(j) => {
          const activity = startedAt(j);
          return activity ? (
            <div className="flex flex-col gap-1 text-sm">
              <p className="font-medium">
                {`${activity.name} · ${t(`templateEditor.activities.types.${activity.type}`)}`}
              </p>
              <p className="text-muted-foreground">
                {t("patientPlans.editor.started", {
                  date: formatDateTime(activity.startedAt, i18n.language),
                })}
              </p>
            </div>
          ) : null;
        }}
      />
      {tolerances.length > 0 ? (
        <ul className="flex flex-col gap-0.5 text-sm text-muted-foreground">
          {tolerances.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
