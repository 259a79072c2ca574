import { COB_ORDERS, healthPlanFields, MAX_HEALTH_PLANS, PLAN_NAMES, RELATIONSHIPS } from "@fizio/domain";
import { Button, Card, CardContent, CardHeader, CardTitle, FormField, Input, Skeleton } from "@fizio/ui";
import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";

type Plans = ApiOutputs["records"]["healthPlans"]["list"];
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const formSchema = z.object({ plans: z.array(healthPlanFields) });
const blank = (cob: (typeof COB_ORDERS)[number]) => ({
  planName: "",
  planId: "",
  group: "",
  cob,
  primaryInsured: "SELF" as const,
  primaryDateOfBirth: "",
  effectiveDate: "",
});

/** The stored plans with their ids: the server updates each in place, so what was billed to it stays linked. */
const formValues = (plans: Plans) => ({
  plans: plans.map((p) => ({
    id: p.id,
    planName: p.planName,
    planId: p.planId,
    group: p.group,
    cob: p.cob,
    primaryInsured: p.primaryInsured,
    primaryDateOfBirth: p.primaryDateOfBirth,
    effectiveDate: p.effectiveDate,
  })),
});

/** A patient's health plans on their profile. */
export function HealthPlansCard({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("clinical.healthPlansTitle")}</CardTitle>
        <p className="text-sm text-muted-foreground">{t("clinical.healthPlansDescription")}</p>
      </CardHeader>
      <CardContent>
        <HealthPlansEditor patientId={patientId} />
      </CardContent>
    </Card>
  );
}

/** A patient's health plans (spec §3, §5): up to three, one primary; saved together. */
export function HealthPlansEditor({ patientId }: { patientId: string }) {
  const plans = trpc.records.healthPlans.list.useQuery({ patientId });
  return plans.data ? <PlansForm patientId={patientId} stored={plans.data} /> : <Skeleton className="h-24" />;
}

function PlansForm({ patientId, stored }: { patientId: string; stored: Plans }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const namesId = useId();
  const form = useFizForm(formSchema, { defaultValues: formValues(stored) });
  const { failure, onError, submit } = useServerFailure(form);
  const list = useFieldArray({ control: form.control, name: "plans" });
  const save = trpc.records.healthPlans.save.useMutation({
    onSuccess: async (saved) => {
      notify.success(t("clinical.healthPlansSaved"));
      // A plan just added has its id now: the next save updates it instead of adding it again.
      form.reset(formValues(saved));
      await utils.records.healthPlans.invalidate();
    },
    onError,
  });
  const errors = form.formState.errors.plans;
  const current = form.watch("plans");
  const used = current.map((p) => p.cob);
  const changed = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={submit((values) => {
        save.mutate({ patientId, plans: values.plans, timeZone });
      })}
    >
      <datalist id={namesId}>
        {PLAN_NAMES.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {list.fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("clinical.noHealthPlans")}</p>
      ) : null}
      {list.fields.map((field, i) => {
        const label = t("clinical.healthPlan", { n: i + 1 });
        const e = errors?.[i];
        return (
          <section key={field.id} aria-label={label} className="flex flex-col gap-3 rounded-md border p-3">
            <div className="flex items-center justify-between">
              <h3 className="text-sm font-semibold">{label}</h3>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t("clinical.removeHealthPlan", { n: i + 1 })}
                onClick={() => list.remove(i)}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField label={t("clinical.planName")} error={e?.planName?.message}>
                <Input list={namesId} autoComplete="off" {...form.register(`plans.${i}.planName`)} />
              </FormField>
              <FormField label={t("clinical.planId")} error={e?.planId?.message}>
                <Input autoComplete="off" {...form.register(`plans.${i}.planId`)} />
              </FormField>
              <FormField label={t("clinical.group")} error={e?.group?.message}>
                <Input autoComplete="off" {...form.register(`plans.${i}.group`)} />
              </FormField>
              <FormField label={t("clinical.cob")} error={e?.cob?.message}>
                <SelectField
                  value={current[i]?.cob}
                  options={COB_ORDERS.map((c) => ({ value: c, label: t(`clinical.cobOrders.${c}`) }))}
                  onChange={(next) => form.setValue(`plans.${i}.cob`, next, changed)}
                />
              </FormField>
              <FormField label={t("clinical.primaryInsured")} error={e?.primaryInsured?.message}>
                <SelectField
                  value={current[i]?.primaryInsured}
                  options={RELATIONSHIPS.map((r) => ({ value: r, label: t(`clinical.relationships.${r}`) }))}
                  onChange={(next) => form.setValue(`plans.${i}.primaryInsured`, next, changed)}
                />
              </FormField>
              <FormField label={t("clinical.primaryDateOfBirth")} error={e?.primaryDateOfBirth?.message}>
                <Input type="date" {...form.register(`plans.${i}.primaryDateOfBirth`)} />
              </FormField>
              <FormField label={t("clinical.effectiveDate")} error={e?.effectiveDate?.message}>
                <Input type="date" {...form.register(`plans.${i}.effectiveDate`)} />
              </FormField>
            </div>
          </section>
        );
      })}
      <FormAlert message={failure} />
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={list.fields.length >= MAX_HEALTH_PLANS}
          onClick={() => list.append(blank(COB_ORDERS.find((c) => !used.includes(c)) ?? "PRIMARY"))}
        >
          <Plus aria-hidden />
          {t("clinical.addHealthPlan")}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t("common.saving") : t("clinical.saveHealthPlans")}
        </Button>
      </div>
    </form>
  );
}
