import type { ActivityFieldsInput } from "@fizio/domain";
import { Button } from "@fizio/ui";
import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import {
  type FieldArray,
  type FieldArrayPath,
  type FieldErrors,
  type FieldValues,
  get,
  type UseFormReturn,
  useFieldArray,
} from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ActivityEditor, blankActivity } from "./activity-editor";
import { ActivityLibraryPicker } from "./activity-library-picker";
import { arrayMessage } from "./form-values";
import { ItemControls } from "./item-controls";

/**
 * The ordered activities at `name` of a form (a session template's, or one session of a plan): add blank or
 * from the library, move, remove, edit. `locked` returns what to show instead of the editor for an activity
 * that can no longer change (a plan's activity the patient has started), which then stays where it is.
 */
export function ActivityListEditor<T extends FieldValues, Out>({
  form,
  name,
  locked,
}: {
  form: UseFormReturn<T, unknown, Out>;
  name: string;
  locked?: (index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  // The list's path is only known at run time (sessions.3.activities), so it cannot be checked against T.
  const activities = useFieldArray({ control: form.control, name: name as FieldArrayPath<T> });
  const add = (activity: ActivityFieldsInput) =>
    activities.append(activity as FieldArray<T, FieldArrayPath<T>>);
  const errors: unknown = get(form.formState.errors, name);
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 font-semibold">{t("templateEditor.activities.title")}</legend>
      {activities.fields.map((field, i) => {
        const label = t("templateEditor.activities.item", { number: i + 1 });
        const frozen = locked?.(i);
        return (
          <section key={field.id} aria-label={label} className="flex flex-col gap-3 rounded-md border p-3">
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-sm font-semibold">{label}</h3>
              <ItemControls
                label={label}
                index={i}
                count={activities.fields.length}
                disabled={Boolean(frozen)}
                onMove={activities.move}
                onRemove={() => activities.remove(i)}
              />
            </div>
            {frozen ?? (
              <ActivityEditor
                form={form}
                prefix={`${name}.${i}`}
                errors={(errors as FieldErrors<ActivityFieldsInput>[] | undefined)?.[i]}
              />
            )}
          </section>
        );
      })}
      {arrayMessage(errors) ? (
        <p role="alert" className="text-sm text-destructive">
          {arrayMessage(errors)}
        </p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Button variant="outline" onClick={() => add(blankActivity())}>
          <Plus aria-hidden />
          {t("templateEditor.activities.add")}
        </Button>
        <ActivityLibraryPicker onPick={add} />
      </div>
    </fieldset>
  );
}
