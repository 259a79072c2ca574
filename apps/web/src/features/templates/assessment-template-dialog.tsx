import {
  ASSESSMENT_KINDS,
  type AssessmentKind,
  type AssessmentTemplateFormInput,
  assessmentTemplateInput,
  isChoiceQuestion,
  QUESTION_TYPES,
  type QuestionType,
} from "@fizio/domain";
import { Button, Checkbox, FormField, Input, Label, Textarea } from "@fizio/ui";
import { Plus } from "lucide-react";
import { Controller, useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { currentLocale, fizMessage } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { NativeSelect } from "../forms/native-select";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";
import { useSession } from "../session/use-session";
import { ChoicesEditor } from "./choices-editor";
import { EditorFooter } from "./editor-footer";
import { arrayMessage, numberOrNull } from "./form-values";
import { ItemControls } from "./item-controls";
import { TemplateDialog, type TemplateEditorProps } from "./template-dialog";
import { VideoPicker } from "./video-picker";

type Stored = ApiOutputs["templates"]["assessments"]["get"];

const blankQuestion = (): NonNullable<AssessmentTemplateFormInput["questions"]>[number] => ({
  text: "",
  type: "FREE_TEXT",
  required: true,
  choices: [],
  min: null,
  max: null,
});

/** Create (no id) or edit an assessment template; loads the stored one first when editing. */
export function AssessmentTemplateDialog({ id, open, onClose }: TemplateEditorProps) {
  const { t } = useTranslation();
  const stored = trpc.templates.assessments.get.useQuery({ id: id ?? "" }, { enabled: open && Boolean(id) });
  const title = id ? t("templateEditor.editAssessment") : t("templateEditor.newAssessment");
  return (
    <TemplateDialog open={open} title={title} id={id} stored={stored} onClose={onClose}>
      {(data) => <AssessmentTemplateForm key={data?.id ?? "new"} stored={data} onDone={onClose} />}
    </TemplateDialog>
  );
}

function AssessmentTemplateForm({ stored, onDone }: { stored: Stored | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const role = useSession().data?.user?.role;
  // Spec §6: the intake template cannot be renamed, and only a super admin may change it at all.
  const intake = stored?.isIntake ?? false;
  const locked = intake && role !== "ROLE_SUPER_ADMIN";
  const form = useFizForm(assessmentTemplateInput, {
    defaultValues: stored
      ? {
          name: stored.name,
          description: stored.description,
          kind: stored.kind,
          questions: stored.questions,
          romVideoIds: stored.romVideoIds,
        }
      : { name: "", description: "", kind: "PERFORMANCE", questions: [blankQuestion()], romVideoIds: [] },
  });
  const questions = useFieldArray({ control: form.control, name: "questions" });
  const done = async () => {
    notify.success(t("templateEditor.saved"));
    await utils.templates.assessments.invalidate();
    onDone();
  };
  const { failure, onError, submit } = useServerFailure(form);
  const create = trpc.templates.assessments.create.useMutation({ onSuccess: done, onError });
  const update = trpc.templates.assessments.update.useMutation({ onSuccess: done, onError });
  const pending = create.isPending || update.isPending;
  const { errors } = form.formState;
  const watched = form.watch("questions");
  const kind = form.watch("kind") ?? "PERFORMANCE";
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={submit((values) => {
        if (stored) update.mutate({ ...values, id: stored.id });
        else create.mutate(values);
      })}
    >
      {intake ? (
        <div className="rounded-md border bg-muted/60 px-3 py-2 text-sm" role="note">
          <p>{t("templateEditor.intake.notice")}</p>
          {locked ? <p className="mt-1 font-medium">{fizMessage("FIZ407", currentLocale())}</p> : null}
        </div>
      ) : null}
      <FormField
        label={t("templateEditor.name")}
        error={errors.name?.message}
        hint={intake ? fizMessage("FIZ406", currentLocale()) : undefined}
      >
        <Input {...form.register("name")} disabled={intake} />
      </FormField>
      <FormField label={t("templateEditor.description")} error={errors.description?.message}>
        <Textarea className="min-h-16" {...form.register("description")} disabled={locked} />
      </FormField>
      <FormField label={t("templateEditor.kind")} error={errors.kind?.message}>
        <NativeSelect
          {...form.register("kind", {
            // A questionnaire asks questions, a ROM assessment names videos: the other list is emptied (FIZ007).
            onChange: (event) => {
              const next = event.target.value as AssessmentKind;
              questions.replace(next === "PERFORMANCE" ? [blankQuestion()] : []);
              form.setValue("romVideoIds", []);
            },
          })}
          disabled={intake}
        >
          {ASSESSMENT_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`templateEditor.kinds.${value}`)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {kind === "RANGE_OF_MOTION" ? (
        <Controller
          control={form.control}
          name="romVideoIds"
          render={({ field }) => (
            <RomVideoList
              value={field.value ?? []}
              onChange={field.onChange}
              errors={errors.romVideoIds as ({ message?: string } | undefined)[] | undefined}
              message={arrayMessage(errors.romVideoIds)}
            />
          )}
        />
      ) : null}
      <fieldset className="flex flex-col gap-3" disabled={locked} hidden={kind !== "PERFORMANCE"}>
        <legend className="mb-1 font-semibold">{t("templateEditor.questions.title")}</legend>
        {questions.fields.map((field, i) => {
          const label = t("templateEditor.questions.item", { number: i + 1 });
          const type = watched?.[i]?.type ?? "FREE_TEXT";
          const qErrors = errors.questions?.[i];
          return (
            <section key={field.id} aria-label={label} className="flex flex-col gap-3 rounded-md border p-3">
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-sm font-semibold">{label}</h3>
                <ItemControls
                  label={label}
                  index={i}
                  count={questions.fields.length}
                  disabled={locked}
                  onMove={questions.move}
                  onRemove={() => questions.remove(i)}
                />
              </div>
              <FormField label={t("templateEditor.questions.text")} error={qErrors?.text?.message}>
                <Input {...form.register(`questions.${i}.text`)} />
              </FormField>
              <div className="grid gap-3 sm:grid-cols-2">
                <FormField label={t("templateEditor.questions.type")} error={qErrors?.type?.message}>
                  <NativeSelect
                    {...form.register(`questions.${i}.type`, {
                      onChange: (event) => {
                        const next = event.target.value as QuestionType;
                        // Only choice questions keep choices and only numbers keep bounds (FIZ007 otherwise).
                        if (!isChoiceQuestion(next)) form.setValue(`questions.${i}.choices`, []);
                        else if ((form.getValues(`questions.${i}.choices`) ?? []).length === 0)
                          form.setValue(`questions.${i}.choices`, [""]);
                        if (next !== "NUMBER") {
                          form.setValue(`questions.${i}.min`, null);
                          form.setValue(`questions.${i}.max`, null);
                        }
                      },
                    })}
                  >
                    {QUESTION_TYPES.map((value) => (
                      <option key={value} value={value}>
                        {t(`templateEditor.questions.types.${value}`)}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
                <Controller
                  control={form.control}
                  name={`questions.${i}.required`}
                  render={({ field: required }) => (
                    <Label className="flex items-center gap-2 self-end pb-2 font-normal">
                      <Checkbox
                        checked={required.value ?? true}
                        disabled={locked}
                        onCheckedChange={(on) => required.onChange(on === true)}
                      />
                      {t("templateEditor.questions.required")}
                    </Label>
                  )}
                />
              </div>
              {isChoiceQuestion(type) ? (
                <fieldset className="flex flex-col gap-2">
                  <legend className="mb-1 text-sm font-medium">
                    {t("templateEditor.questions.choices")}
                  </legend>
                  <Controller
                    control={form.control}
                    name={`questions.${i}.choices`}
                    render={({ field: choices }) => (
                      <ChoicesEditor
                        value={choices.value ?? []}
                        onChange={choices.onChange}
                        questionLabel={label}
                        errors={qErrors?.choices as ({ message?: string } | undefined)[] | undefined}
                        disabled={locked}
                      />
                    )}
                  />
                  {arrayMessage(qErrors?.choices) ? (
                    <p role="alert" className="text-sm text-destructive">
                      {arrayMessage(qErrors?.choices)}
                    </p>
                  ) : null}
                </fieldset>
              ) : null}
              {type === "NUMBER" ? (
                <div className="grid grid-cols-2 gap-3">
                  <FormField label={t("templateEditor.questions.min")} error={qErrors?.min?.message}>
                    <Input
                      type="number"
                      {...form.register(`questions.${i}.min`, { setValueAs: numberOrNull })}
                    />
                  </FormField>
                  <FormField label={t("templateEditor.questions.max")} error={qErrors?.max?.message}>
                    <Input
                      type="number"
                      {...form.register(`questions.${i}.max`, { setValueAs: numberOrNull })}
                    />
                  </FormField>
                </div>
              ) : null}
            </section>
          );
        })}
        {arrayMessage(errors.questions) ? (
          <p role="alert" className="text-sm text-destructive">
            {arrayMessage(errors.questions)}
          </p>
        ) : null}
        <div>
          <Button variant="outline" onClick={() => questions.append(blankQuestion())}>
            <Plus aria-hidden />
            {t("templateEditor.questions.add")}
          </Button>
        </div>
      </fieldset>
      <FormAlert message={failure} />
      <EditorFooter pending={pending} disabled={locked} onCancel={onDone} />
    </form>
  );
}

/** The ROM videos a range-of-motion assessment names, one picker each (ROM groups only), in order. */
function RomVideoList({
  value,
  onChange,
  errors,
  message,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  errors: ({ message?: string } | undefined)[] | undefined;
  message: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 font-semibold">{t("templateEditor.romVideos.title")}</legend>
      <p className="text-xs text-muted-foreground">{t("templateEditor.romVideos.hint")}</p>
      {value.map((id, i) => {
        const label = t("templateEditor.romVideos.item", { number: i + 1 });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a picker is its place in the list; ids may repeat while editing
          <section key={i} aria-label={label} className="flex flex-col gap-2 rounded-md border p-3">
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-sm font-semibold">{label}</h3>
              <ItemControls
                label={label}
                index={i}
                count={value.length}
                onMove={(from, to) => {
                  const next = [...value];
                  const [moved] = next.splice(from, 1);
                  next.splice(to, 0, moved ?? "");
                  onChange(next);
                }}
                onRemove={() => onChange(value.filter((_, j) => j !== i))}
              />
            </div>
            <FormField label={t("templateEditor.romVideos.video")} error={errors?.[i]?.message}>
              <VideoPicker
                type="ROM"
                value={id}
                onChange={(event) => onChange(value.map((v, j) => (j === i ? event.target.value : v)))}
              />
            </FormField>
          </section>
        );
      })}
      {message ? (
        <p role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : null}
      <div>
        <Button variant="outline" onClick={() => onChange([...value, ""])}>
          <Plus aria-hidden />
          {t("templateEditor.romVideos.add")}
        </Button>
      </div>
    </fieldset>
  );
}
