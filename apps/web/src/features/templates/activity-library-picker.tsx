import { type ActivityFields, pickActivityFields } from "@fizio/domain";
import { Button } from "@fizio/ui";
import { BookOpen } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { NativeSelect } from "../forms/native-select";

/** The API pages at most 100 rows; the library offers the first 100 activities by name. */
const CHOICES = { page: 1, pageSize: 100 } as const;

/**
 * Copies an activity of the organisation's library (activity templates, e.g. the text and image activities of
 * spec §3) into the session being edited, where it can then be changed like any other.
 */
export function ActivityLibraryPicker({ onPick }: { onPick: (activity: ActivityFields) => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const library = trpc.templates.activities.list.useQuery(CHOICES);
  const [chosen, setChosen] = useState("");
  const [loading, setLoading] = useState(false);
  const id = useId();
  const add = async () => {
    setLoading(true);
    try {
      onPick(pickActivityFields(await utils.templates.activities.get.fetch({ id: chosen })));
      setChosen("");
    } catch (error) {
      notify.error(apiErrorMessage(error, currentLocale()));
    } finally {
      setLoading(false);
    }
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {t("templateEditor.activities.fromLibrary")}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <NativeSelect id={id} value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">{t("templateEditor.activities.chooseFromLibrary")}</option>
          {(library.data?.items ?? []).map((activity) => (
            <option key={activity.id} value={activity.id}>
              {`${activity.name} · ${t(`templateEditor.activities.types.${activity.type}`)}`}
            </option>
          ))}
        </NativeSelect>
        <Button variant="outline" disabled={!chosen || loading} onClick={() => void add()}>
          <BookOpen aria-hidden />
          {t("templateEditor.activities.addToSession")}
        </Button>
      </div>
    </div>
  );
}
