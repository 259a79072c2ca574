import { type AnalysisStatus, analysisStatusSchema } from "@fizio/domain";
import { Button } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";
import { DateRangeFields } from "../lists/date-range-fields";
import { FilterSelect } from "../lists/filter-select";
import type { RecordingsSearch } from "./recordings-search";

interface RecordingFiltersProps {
  search: RecordingsSearch;
  patientId?: string;
  onChange: (next: Partial<RecordingsSearch>) => void;
}

/** Analysis status, activity, reviewed or not and recording days; every change goes back to the first page. */
export function RecordingFilters({ search, patientId, onChange }: RecordingFiltersProps) {
  const { t } = useTranslation();
  const groups = trpc.recordings.activities.useQuery({ patientId });
  const set = (next: Partial<RecordingsSearch>) => onChange({ ...next, page: undefined });
  const filtered = Boolean(search.status || search.group || search.from || search.to || search.unreviewed);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <FilterSelect<AnalysisStatus>
        label={t("results.filters.status")}
        allLabel={t("results.filters.allStatuses")}
        value={search.status}
        onChange={(status) => set({ status })}
        options={analysisStatusSchema.options.map((s) => ({ value: s, label: t(`results.status.${s}`) }))}
      />
      <FilterSelect
        label={t("results.filters.activity")}
        allLabel={t("results.filters.allActivities")}
        className="sm:w-52"
        value={search.group}
        onChange={(group) => set({ group })}
        options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
      />
      <FilterSelect<"UNREVIEWED">
        label={t("results.filters.reviewed")}
        allLabel={t("results.filters.allReviews")}
        value={search.unreviewed ? "UNREVIEWED" : undefined}
        onChange={(value) => set({ unreviewed: value === "UNREVIEWED" ? true : undefined })}
        options={[{ value: "UNREVIEWED", label: t("results.filters.unreviewed") }]}
      />
      <DateRangeFields from={search.from} to={search.to} onChange={set} />
      {filtered ? (
        <Button
          variant="ghost"
          onClick={() =>
            set({
              status: undefined,
              group: undefined,
              from: undefined,
              to: undefined,
              unreviewed: undefined,
            })
          }
        >
          {t("results.filters.clear")}
        </Button>
      ) : null}
    </div>
  );
}
