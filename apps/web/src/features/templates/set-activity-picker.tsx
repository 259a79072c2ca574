import { FormField } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { NativeSelect } from "../forms/native-select";

type SetItem = ApiOutputs["parameters"]["sets"]["options"][number];

const ORPHAN = "current";
const normalised = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * A text or image activity from the super admin's sets (/parameters/sets/text-activities, image-activities):
 * picking one copies its name and text, or its picture, into the activity; a picture shows as a preview.
 */
export function SetActivityPicker({
  kind,
  label,
  error,
  selected,
  onPick,
}: {
  kind: "TEXT_ACTIVITIES" | "IMAGE_ACTIVITIES";
  label: string;
  error?: string;
  /** The activity's current name (text) or image activity's id (image), to show which entry it came from. */
  selected: string;
  onPick: (item: SetItem) => void;
}) {
  const { t } = useTranslation();
  const options = trpc.parameters.sets.options.useQuery({ kind });
  const items = options.data ?? [];
  // A text activity names its entry by its name: compared as a person reads it, so spacing or case never hides it.
  const keyOf = (item: SetItem) => (kind === "IMAGE_ACTIVITIES" ? item.id : normalised(item.value));
  const wanted = kind === "IMAGE_ACTIVITIES" ? selected : normalised(selected);
  const current = items.find((item) => keyOf(item) === wanted);
  // An existing text activity whose entry the list no longer holds (renamed or removed) still shows its name.
  const orphan = !current && kind === "TEXT_ACTIVITIES" && wanted !== "" ? selected : null;
  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      <FormField
        label={label}
        error={error}
        hint={options.data && items.length === 0 ? t("parameters.noneInSet") : undefined}
      >
        <NativeSelect
          value={current ? current.id : orphan ? ORPHAN : ""}
          onChange={(event) => {
            const item = items.find((i) => i.id === event.target.value);
            if (item) onPick(item);
          }}
        >
          <option value="">{t("parameters.pickFromSet")}</option>
          {orphan ? (
            <option value={ORPHAN} disabled>
              {orphan}
            </option>
          ) : null}
          {items.map((item) => (
            <option key={item.id} value={item.id}>
              {item.value}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {kind === "IMAGE_ACTIVITIES" && current?.imageUrl ? (
        <img
          src={current.imageUrl}
          alt={t("parameters.image.previewOf", { name: current.value })}
          className="max-h-32 w-fit rounded border object-contain"
        />
      ) : null}
    </div>
  );
}
