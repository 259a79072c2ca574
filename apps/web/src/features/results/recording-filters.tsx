import { type AnalysisStatus, analysisStatusSchema } from "@fizio/domain";
import { Button, Label } from "@fizio/ui";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";
import { SelectField } from "../forms/select-field";
import { DateRangeFields } from "../lists/date-range-fields";
import type { RecordingsSearch } from "./recordings-search";

const ALL = "ALL";

interface RecordingFiltersProps {
  search: RecordingsSearch;
  patientId?: string;
  onChange: (next: Partial<RecordingsSearch>) => void;
}

/** Analysis status, activity and recording days; every change goes back to the first page. */
export function RecordingFilters({ search, patientId, onChange }: RecordingFiltersProps) {
  const { t } = useTranslation();
  const id = useId();
  const groups = trpc.recordings.activities.useQuery({ patientId });
  const set = (next: Partial<RecordingsSearch>) => onChange({ ...next, page: undefined });
  const filtered = Boolean(search.status || search.group || search.from || search.to);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex w-full flex-col gap-1.5 sm:w-44">
        <Label htmlFor={`${id}-status`}>{t("results.filters.status")}</Label>
        <SelectField<AnalysisStatus | typeof ALL>
          id={`${id}-status`}
          value={search.status ?? ALL}
          onChange={(value) => set({ status: value === ALL ? undefined : value })}
          options={[
            { value: ALL, label: t("results.filters.allStatuses") },
            ...analysisStatusSchema.options.map((s) => ({ value: s, label: t(`results.status.${s}`) })),
          ]}
        />
      </div>
      <div className="flex w-full flex-col gap-1.5 sm:w-52">
        <Label htmlFor={`${id}-group`}>{t("results.filters.activity")}</Label>
        <SelectField
          id={`${id}-group`}
          value={search.group ?? ALL}
          onChange={(value) => set({ group: value === ALL ? undefined : value })}
          options={[
            { value: ALL, label: t("results.filters.allActivities") },
            ...(groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
          ]}
        />
      </div>
      <DateRangeFields from={search.from} to={search.to} onChange={set} />
      {filtered ? (
        <Button
          variant="ghost"
          onClick={() => set({ status: undefined, group: undefined, from: undefined, to: undefined })}
        >
          {t("results.filters.clear")}
        </Button>
      ) : null}
    </div>
  );
}
