import { Button, FormField, Input, Textarea } from "@fizio/ui";
import { Plus, Trash2 } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import {
  type FieldArrayPath,
  type FieldValues,
  get,
  type Path,
  type PathValue,
  type UseFormReturn,
  useFieldArray,
} from "react-hook-form";
import { useTranslation } from "react-i18next";
import { AttachmentPicker } from "../messages/attachment-picker";
import { useAttachments } from "../messages/upload-attachment";
import { arrayMessage, numberOrNull } from "../templates/form-values";

/** One message of a program or template as the form holds it; the file's name only shows what is attached. */
export interface MessageValues {
  id?: string;
  startDay: number;
  bodyEn: string;
  bodyEs: string;
  attachmentId: string | null;
  attachmentName?: string | null;
}

export const blankMessage = (startDay: number): MessageValues => ({
  startDay,
  bodyEn: "",
  bodyEs: "",
  attachmentId: null,
  attachmentName: null,
});

type Errors = {
  startDay?: { message?: string };
  bodyEn?: { message?: string };
  bodyEs?: { message?: string };
};

/**
 * The messages of a template or a program: day, English and Spanish text, one optional image, video or PDF.
 * `locked` gives what to show instead of the editor for a message already sent (it cannot change, FIZ224).
 */
export function MessagesEditor<T extends FieldValues, Out>({
  form,
  locked,
  readOnly,
}: {
  form: UseFormReturn<T, unknown, Out>;
  locked?: (index: number) => ReactNode;
  /** A closed program: nothing to add or remove. */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const messages = useFieldArray({ control: form.control, name: "messages" as FieldArrayPath<T> });
  const errors: unknown = get(form.formState.errors, "messages");
  const values = (form.watch("messages" as Path<T>) ?? []) as MessageValues[];
  const nextDay = values.reduce((max, m) => Math.max(max, Number(m.startDay) || 0), -1) + 1;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 font-semibold">{t("engagement.messages")}</legend>
      {messages.fields.map((field, i) => {
        const label = t("engagement.message", { n: i + 1 });
        const frozen = locked?.(i);
        const prefix = `messages.${i}`;
        const e = (errors as Errors[] | undefined)?.[i];
        return (
          <section key={field.id} aria-label={label} className="flex flex-col gap-3 rounded-md border p-3">
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-sm font-semibold">{label}</h3>
              {readOnly ? null : (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t("engagement.removeMessage", { n: i + 1 })}
                  disabled={Boolean(frozen) || messages.fields.length === 1}
                  onClick={() => messages.remove(i)}
                >
                  <Trash2 aria-hidden />
                </Button>
              )}
            </div>
            {frozen ?? (
              <>
                <FormField
                  label={t("engagement.startDay")}
                  hint={t("engagement.startDayHint")}
                  error={e?.startDay?.message}
                  className="max-w-40"
                >
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={0}
                    {...form.register(`${prefix}.startDay` as Path<T>, { setValueAs: numberOrNull })}
                  />
                </FormField>
                <FormField label={t("engagement.bodyEn")} error={e?.bodyEn?.message}>
                  <Textarea className="min-h-20" {...form.register(`${prefix}.bodyEn` as Path<T>)} />
                </FormField>
                <FormField
                  label={t("engagement.bodyEs")}
                  hint={t("engagement.bodyEsHint")}
                  error={e?.bodyEs?.message}
                >
                  <Textarea className="min-h-20" {...form.register(`${prefix}.bodyEs` as Path<T>)} />
                </FormField>
                <MessageAttachment form={form} prefix={prefix} initial={values[i]} />
              </>
            )}
          </section>
        );
      })}
      {arrayMessage(errors) ? (
        <p role="alert" className="text-sm text-destructive">
          {arrayMessage(errors)}
        </p>
      ) : null}
      {readOnly ? null : (
        <Button
          variant="outline"
          className="self-start"
          onClick={() => messages.append(blankMessage(nextDay) as never)}
        >
          <Plus aria-hidden />
          {t("engagement.addMessage")}
        </Button>
      )}
    </fieldset>
  );
}

/** At most one file per message, uploaded as message attachments are; the form keeps its id. */
function MessageAttachment<T extends FieldValues, Out>({
  form,
  prefix,
  initial,
}: {
  form: UseFormReturn<T, unknown, Out>;
  prefix: string;
  initial: MessageValues | undefined;
}) {
  const { t } = useTranslation();
  const attachments = useAttachments(
    initial?.attachmentId ? [{ id: initial.attachmentId, name: initial.attachmentName ?? "" }] : [],
  );
  const id = attachments.ready[0]?.id ?? null;
  useEffect(() => {
    form.setValue(`${prefix}.attachmentId` as Path<T>, id as PathValue<T, Path<T>>, { shouldDirty: true });
  }, [form, prefix, id]);
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium">{t("engagement.attachment")}</span>
      <AttachmentPicker state={attachments} max={1} />
    </div>
  );
}
