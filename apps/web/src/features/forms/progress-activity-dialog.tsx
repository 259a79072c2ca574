import {
  ACTIVITY_FIELD_RULES,
  type ActivityFields,
  isAppError,
  isMeasuredActivity,
  isSameActivity,
  PROGRESSION_FIELDS,
  type ProgressionField,
  progressionTargets,
  TOLERANCE_MAX_DEGREES,
  TOLERANCE_MIN_DEGREES,
  todayIn,
} from "@fizio/domain";
import { Button, FormField, Input, Skeleton } from "@fizio/ui";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { formatDate } from "../../lib/format";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { FormDialog } from "../shell/form-dialog";
import { FormAlert } from "./form-alert";
import { NativeSelect } from "./native-select";

type Plan = ApiOutputs["plans"]["get"];
type Activity = Plan["sessions"][number]["activities"][number];

const viewerToday = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");

/**
 * Progress one activity of a plan in one save: new reps, sets, duration or tolerance from a session onward (or for
 * every remaining session). Opened from a plan (the plan row) or from a recording's review, with the recording's
 * activity chosen; the started sessions keep their dose, which the preview says before saving.
 */
export function ProgressActivityDialog({
  planId,
  activityId,
  open,
  onClose,
}: {
  planId: string;
  activityId?: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const plan = trpc.plans.get.useQuery({ planId }, { enabled: open });
  const name = plan.data?.sessions.flatMap((s) => s.activities).find((a) => a.id === activityId)?.name;
  return (
    <FormDialog
      open={open}
      title={name ? t("planProgress.title", { name }) : t("planProgress.action")}
      onClose={onClose}
    >
      {plan.data ? (
        <ProgressForm plan={plan.data} activityId={activityId} onDone={onClose} />
      ) : plan.isError ? (
        <FormAlert message={apiErrorMessage(plan.error, currentLocale())} />
      ) : (
        <Skeleton className="h-48" aria-busy="true" />
      )}
    </FormDialog>
  );
}

/** One of each activity the plan repeats across sessions: the first copy stands for the rest. */
function distinctActivities(plan: Plan): Activity[] {
  const found: Activity[] = [];
  for (const activity of plan.sessions.flatMap((s) => s.activities))
    if (!found.some((a) => isSameActivity(a, activity))) found.push(activity);
  return found;
}

const FIELD_LABEL = {
  reps: "planProgress.reps",
  sets: "planProgress.sets",
  duration: "planProgress.duration",
} as const;

type Values = Record<ProgressionField | "tolerance", string>;
const EMPTY: Values = { reps: "", sets: "", duration: "", tolerance: "" };

function ProgressForm({
  plan,
  activityId,
  onDone,
}: {
  plan: Plan;
  activityId: string | undefined;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const ids = { activity: useId(), from: useId() };
  const utils = trpc.useUtils();
  const today = viewerToday();
  const activities = distinctActivities(plan);
  const initial =
    activities.find(
      (a) =>
        activityId &&
        plan.sessions.some((s) => s.activities.some((c) => c.id === activityId && isSameActivity(a, c))),
    ) ?? activities[0];
  const [chosenId, setChosenId] = useState(initial?.id ?? "");
  const chosen = activities.find((a) => a.id === chosenId);
  const copies = (sessionIndex: number) =>
    (plan.sessions[sessionIndex]?.activities ?? []).filter((a) => chosen && isSameActivity(a, chosen));
  // Sessions holding a copy the patient has not started: a progression can begin at any of them.
  const starts = plan.sessions.flatMap((s, i) =>
    copies(i).some((a) => !a.startedAt) ? [{ session: s, number: i + 1 }] : [],
  );
  const next = starts.find(({ session }) => session.date >= today) ?? starts[0];
  const [from, setFrom] = useState<string>(next?.session.id ?? "");
  const [values, setValues] = useState<Values>(EMPTY);
  const [failure, setFailure] = useState<string | null>(null);
  const fields = chosen
    ? PROGRESSION_FIELDS.filter((f) => ACTIVITY_FIELD_RULES[chosen.type][f] !== "empty")
    : [];
  // Only an activity measured against a reference video has joints to be within a tolerance of.
  const measured = chosen ? isMeasuredActivity(chosen.type) : false;
  const changes = Object.fromEntries(
    [...fields, ...(measured ? (["tolerance"] as const) : [])].flatMap((f) =>
      values[f].trim() === "" ? [] : [[f, Number(values[f])]],
    ),
  ) as Partial<Record<ProgressionField | "tolerance", number>>;
  const fromSessionId = from === "" ? null : from;
  // The tolerance the chosen range starts with: the first copy not started from the chosen session on.
  const fromIndex = fromSessionId === null ? -1 : plan.sessions.findIndex((s) => s.id === fromSessionId);
  const rangeStart =
    plan.sessions
      .flatMap((s, i) =>
        (fromSessionId === null ? s.date >= today : i >= fromIndex)
          ? copies(i).filter((a) => !a.startedAt)
          : [],
      )
      .at(0) ?? chosen;
  const preview = (() => {
    if (!chosen) return null;
    try {
      const targets = progressionTargets(plan, { activityId: chosen.id, fromSessionId, today, changes });
      return { changing: targets.length };
    } catch (error) {
      return isAppError(error) && error.code === "FIZ283" ? { changing: 0 } : null;
    }
  })();
  const keptStarted = chosen
    ? plan.sessions.filter((s, i) => {
        const inRange =
          fromSessionId === null
            ? s.date >= today
            : i >= plan.sessions.findIndex((x) => x.id === fromSessionId);
        return inRange && copies(i).some((a) => a.startedAt);
      }).length
    : 0;
  const progress = trpc.plans.progress.useMutation({
    onError: (error) => setFailure(apiErrorMessage(error, currentLocale())),
  });
  const submit = () => {
    if (!chosen) return;
    if (Object.keys(changes).length === 0) {
      setFailure(t("planProgress.needOne"));
      return;
    }
    setFailure(null);
    const count = preview?.changing ?? 0;
    progress.mutate(
      { planId: plan.id, activityId: chosen.id, fromSessionId, today, changes },
      {
        onSuccess: (updated) => {
          utils.plans.get.setData({ planId: plan.id }, updated);
          void utils.plans.list.invalidate({ patientId: plan.patientId });
          void utils.patients.chart.invalidate({ patientId: plan.patientId });
          notify.success(t("planProgress.saved", { count }));
          onDone();
        },
      },
    );
  };
  const hint = (field: ProgressionField) => {
    const now = chosen?.[field as keyof ActivityFields];
    return now === null || now === undefined
      ? t("planProgress.keepEmptyHint")
      : t("planProgress.keepHint", { value: now });
  };
  const effectiveTolerance = (rangeStart?.effectiveTolerances ?? [])
    .map((j) =>
      t("planProgress.jointTolerance", { joint: t(`videos.joints.${j.joint}`), degrees: j.tolerance }),
    )
    .join(", ");
  const toleranceHint =
    rangeStart?.tolerance !== null && rangeStart?.tolerance !== undefined
      ? t("planProgress.toleranceOwnHint", { degrees: rangeStart.tolerance })
      : t("planProgress.toleranceVideoHint", { tolerances: effectiveTolerance || "–" });
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="text-sm text-muted-foreground">{t("planProgress.description")}</p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.activity} className="text-sm font-medium">
          {t("planProgress.activity")}
        </label>
        <NativeSelect
          id={ids.activity}
          value={chosenId}
          onChange={(event) => {
            setChosenId(event.target.value);
            setValues(EMPTY);
          }}
        >
          {activities.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.from} className="text-sm font-medium">
          {t("planProgress.from")}
        </label>
        <NativeSelect id={ids.from} value={from} onChange={(event) => setFrom(event.target.value)}>
          {starts.map(({ session, number }) => (
            <option key={session.id} value={session.id}>
              {t("planProgress.fromSession", { number, date: formatDate(session.date, i18n.language) })}
            </option>
          ))}
          <option value="">{t("planProgress.remaining")}</option>
        </NativeSelect>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        {fields.map((field) => (
          <FormField key={field} label={t(FIELD_LABEL[field])} hint={hint(field)}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              value={values[field]}
              onChange={(event) => setValues({ ...values, [field]: event.target.value })}
            />
          </FormField>
        ))}
        {measured ? (
          <FormField label={t("planProgress.tolerance")} hint={toleranceHint}>
            <Input
              type="number"
              inputMode="decimal"
              min={TOLERANCE_MIN_DEGREES}
              max={TOLERANCE_MAX_DEGREES}
              step={0.5}
              value={values.tolerance}
              onChange={(event) => setValues({ ...values, tolerance: event.target.value })}
            />
          </FormField>
        ) : null}
      </div>
      <div aria-live="polite" className="text-sm">
        {preview ? (
          <p>
            {preview.changing === 0
              ? t("planProgress.previewNone")
              : t("planProgress.preview", { count: preview.changing })}
            {keptStarted > 0 ? ` ${t("planProgress.keptStarted", { count: keptStarted })}` : null}
          </p>
        ) : null}
      </div>
      <FormAlert message={failure} />
      <div className="flex justify-end">
        <Button type="submit" disabled={progress.isPending || !chosen || preview?.changing === 0}>
          {t("planProgress.save")}
        </Button>
      </div>
    </form>
  );
}
