import {
  ACTIVITY_FIELD_RULES,
  ACTIVITY_TYPES,
  type ActivityFieldsInput,
  type ActivityType,
  BODY_VIEWS,
  type Joint,
  SIDES,
} from "@fizio/domain";
import { FormField, Input, Textarea } from "@fizio/ui";
import type { FieldErrors, FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { NativeSelect } from "../forms/native-select";
import { emptyAsNull, numberOrNull } from "./form-values";
import { LiveCuesFields } from "./live-cues-fields";
import { SetActivityPicker } from "./set-activity-picker";
import { useVideoChoices, VideoPicker } from "./video-picker";

type Rules = (typeof ACTIVITY_FIELD_RULES)[ActivityType];
type RuledField = keyof Rules;
const NUMBER_FIELDS = ["duration", "reps", "sets", "breakTimeInSeconds", "frequency"] as const;
const ORIENTATIONS = ["PORTRAIT", "LANDSCAPE"] as const;

export const blankActivity = (): ActivityFieldsInput => ({
  type: "CUSTOM_TEXT",
  name: "",
  description: "",
  notes: "",
});

/** The kind's fields that may hold a value (spec §5: the others must be empty, so they are not shown). */
const shown = (type: ActivityType, field: RuledField) => ACTIVITY_FIELD_RULES[type][field] !== "empty";

/** What an activity's fields need of the form holding them (a session template's, a plan's). */
type ActivityHost<T extends FieldValues> = Pick<UseFormReturn<T>, "register" | "watch" | "setValue">;

/**
 * One activity's fields (spec §3) at `prefix` of a form (e.g. activities.2, sessions.0.activities.1): the kind
 * decides which fields show and which are required; changing the kind empties the fields it does not allow.
 */
export function ActivityEditor<T extends FieldValues>({
  form,
  prefix,
  errors,
}: {
  form: ActivityHost<T>;
  prefix: string;
  errors: FieldErrors<ActivityFieldsInput> | undefined;
}) {
  const { t } = useTranslation();
  // The prefix is only known at run time, so the field's path cannot be checked against the form's type.
  const path = (field: keyof ActivityFieldsInput) => `${prefix}.${field}` as Path<T>;
  const type = (form.watch(path("type")) as ActivityType | undefined) ?? "CUSTOM_TEXT";
  const rules = ACTIVITY_FIELD_RULES[type];
  const videoId = form.watch(path("referenceVideoId")) as string | null | undefined;
  // The chosen video's tracked joints: the ones its live cues may come from.
  const tracked =
    useVideoChoices(type)
      .flatMap((group) => group.videos)
      .find((video) => video.id === videoId)?.joints ?? null;
  const label = (field: RuledField | "name" | "notes", text: string) =>
    field !== "name" && (field === "notes" || rules[field] === "optional")
      ? `${text} (${t("common.optional")})`
      : text;
  const enumOptions = <V extends string>(values: readonly V[], labels: (v: V) => string) => [
    <option key="" value="">
      {t("templateEditor.activities.none")}
    </option>,
    ...values.map((value) => (
      <option key={value} value={value}>
        {labels(value)}
      </option>
    )),
  ];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField label={t("templateEditor.activities.type")} error={errors?.type?.message}>
        <NativeSelect
          {...form.register(path("type"), {
            onChange: (event) => {
              const next = ACTIVITY_FIELD_RULES[event.target.value as ActivityType];
              for (const [field, rule] of Object.entries(next) as [RuledField, string][])
                if (rule === "empty") form.setValue(path(field), null as PathValue<T, Path<T>>);
            },
          })}
        >
          {ACTIVITY_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`templateEditor.activities.types.${value}`)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label={label("name", t("templateEditor.activities.name"))} error={errors?.name?.message}>
        <Input {...form.register(path("name"))} />
      </FormField>
      {shown(type, "referenceVideoId") ? (
        <FormField
          className="sm:col-span-2"
          label={t("templateEditor.activities.video")}
          error={errors?.referenceVideoId?.message}
        >
          <VideoPicker
            type={type}
            value={videoId}
            {...form.register(path("referenceVideoId"), {
              setValueAs: emptyAsNull,
              // Another video tracks other joints: the joints chosen for the last one go back to all of them.
              onChange: () => form.setValue(path("cueJoints"), null as PathValue<T, Path<T>>),
            })}
          />
        </FormField>
      ) : null}
      {shown(type, "liveCues") && videoId && tracked ? (
        <LiveCuesFields
          tracked={tracked}
          liveCues={(form.watch(path("liveCues")) as boolean | null | undefined) ?? null}
          cueJoints={(form.watch(path("cueJoints")) as Joint[] | null | undefined) ?? null}
          error={errors?.cueJoints?.message}
          onChange={(next) => {
            for (const [field, value] of Object.entries(next))
              form.setValue(path(field as "liveCues" | "cueJoints"), value as PathValue<T, Path<T>>, {
                shouldDirty: true,
              });
          }}
        />
      ) : null}
      {type === "TEXT" ? (
        <SetActivityPicker
          kind="TEXT_ACTIVITIES"
          label={t("templateEditor.activities.fromTextList")}
          selected={(form.watch(path("name")) as string | undefined) ?? ""}
          onPick={(item) => {
            form.setValue(path("name"), item.value as PathValue<T, Path<T>>);
            form.setValue(path("description"), (item.text ?? "") as PathValue<T, Path<T>>);
          }}
        />
      ) : null}
      {shown(type, "imageId") ? (
        <SetActivityPicker
          kind="IMAGE_ACTIVITIES"
          label={label("imageId", t("templateEditor.activities.image"))}
          error={errors?.imageId?.message}
          selected={(form.watch(path("imageId")) as string | null | undefined) ?? ""}
          onPick={(item) => {
            form.setValue(path("imageId"), item.id as PathValue<T, Path<T>>);
            // The library's image activity is the picture and its name; a custom one keeps the provider's name.
            if (type === "IMAGE") form.setValue(path("name"), item.value as PathValue<T, Path<T>>);
          }}
        />
      ) : null}
      {NUMBER_FIELDS.filter((field) => shown(type, field)).map((field) => (
        <FormField
          key={field}
          label={label(field, t(`templateEditor.activities.${field}`))}
          error={errors?.[field]?.message}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={field === "breakTimeInSeconds" ? 0 : 1}
            {...form.register(path(field), { setValueAs: numberOrNull })}
          />
        </FormField>
      ))}
      {shown(type, "side") ? (
        <FormField label={label("side", t("templateEditor.activities.side"))} error={errors?.side?.message}>
          <NativeSelect {...form.register(path("side"), { setValueAs: emptyAsNull })}>
            {enumOptions(SIDES, (v) => t(`videos.sides.${v}`))}
          </NativeSelect>
        </FormField>
      ) : null}
      {shown(type, "direction") ? (
        <FormField
          label={label("direction", t("templateEditor.activities.direction"))}
          error={errors?.direction?.message}
        >
          <NativeSelect {...form.register(path("direction"), { setValueAs: emptyAsNull })}>
            {enumOptions(BODY_VIEWS, (v) => t(`videos.directions.${v}`))}
          </NativeSelect>
        </FormField>
      ) : null}
      {shown(type, "orientation") ? (
        <FormField
          label={label("orientation", t("templateEditor.activities.orientation"))}
          error={errors?.orientation?.message}
        >
          <NativeSelect {...form.register(path("orientation"), { setValueAs: emptyAsNull })}>
            {enumOptions(ORIENTATIONS, (v) => t(`videos.orientations.${v}`))}
          </NativeSelect>
        </FormField>
      ) : null}
      {shown(type, "description") ? (
        <FormField
          className="sm:col-span-2"
          label={label("description", t("templateEditor.activities.description"))}
          error={errors?.description?.message}
        >
          <Textarea className="min-h-16" {...form.register(path("description"))} />
        </FormField>
      ) : null}
      <FormField
        className="sm:col-span-2"
        label={label("notes", t("templateEditor.activities.notes"))}
        error={errors?.notes?.message}
      >
        <Textarea className="min-h-16" {...form.register(path("notes"))} />
      </FormField>
    </div>
  );
}
