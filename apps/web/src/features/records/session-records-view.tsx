import { type ActivitySessionStatus, activitySessionStatusSchema, DEFAULT_PAGE_SIZE } from "@fizio/domain";
import { Button } from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ListChecks } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { type Column, DataTable } from "../lists/data-table";
import { DateRangeFields } from "../lists/date-range-fields";
import { FilterSelect } from "../lists/filter-select";
import { ActivityStateBadge } from "../lists/status-badges";
import { AnalysisStatusBadge } from "../results/analysis-status-badge";
import { formatDegrees, viewerTimeZone } from "../results/format";
import type { SessionFiltersSearch } from "./sessions-search";

type SessionRow = ApiOutputs["records"]["sessions"]["items"][number];

/** Plans one filter offers; a patient has a handful. */
const PLAN_OPTIONS = 100;

/** /records/sessions: one patient's activity sessions, newest first, with plan, status and day filters. */
export function SessionRecordsView({
  patientId,
  search,
  onSearchChange,
}: {
  patientId: string;
  search: SessionFiltersSearch;
  onSearchChange: (next: SessionFiltersSearch) => void;
}) {
  const { t } = useTranslation();
  const sessions = trpc.records.sessions.useQuery(
    {
      patientId,
      page: search.page ?? 1,
      pageSize: DEFAULT_PAGE_SIZE,
      planId: search.plan,
      status: search.status,
      from: search.from,
      to: search.to,
      timeZone: viewerTimeZone(),
    },
    { placeholderData: keepPreviousData },
  );
  const columns = useSessionColumns(patientId);
  const filtered = Boolean(search.plan || search.status || search.from || search.to);
  return (
    <div className="flex flex-col gap-4">
      <SessionFilters
        patientId={patientId}
        search={search}
        onChange={(next) => onSearchChange({ ...search, ...next, page: undefined })}
      />
      <DataTable
        label={t("clinical.sessionsLabel")}
        columns={columns}
        data={sessions.data}
        loading={sessions.isPending}
        empty={
          filtered
            ? { icon: <ListChecks />, title: t("clinical.noSessionMatches") }
            : {
                icon: <ListChecks />,
                title: t("clinical.noSessions"),
                description: t("clinical.noSessionsBody"),
              }
        }
        onPageChange={(page) => onSearchChange({ ...search, page })}
        error={sessions.error}
      />
    </div>
  );
}

function SessionFilters({
  patientId,
  search,
  onChange,
}: {
  patientId: string;
  search: SessionFiltersSearch;
  onChange: (next: Partial<SessionFiltersSearch>) => void;
}) {
  const { t } = useTranslation();
  const plans = trpc.records.treatmentPlans.useQuery({ patientId, page: 1, pageSize: PLAN_OPTIONS });
  const filtered = Boolean(search.plan || search.status || search.from || search.to);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <FilterSelect
        label={t("clinical.sessionColumns.plan")}
        allLabel={t("clinical.allPlans")}
        className="sm:w-52"
        value={search.plan}
        onChange={(plan) => onChange({ plan })}
        options={(plans.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
      />
      <FilterSelect<ActivitySessionStatus>
        label={t("clinical.sessionStatus")}
        allLabel={t("clinical.allSessionStatuses")}
        value={search.status}
        onChange={(status) => onChange({ status })}
        options={activitySessionStatusSchema.options.map((s) => ({
          value: s,
          label: t(`clinical.sessionStatuses.${s}`),
        }))}
      />
      <DateRangeFields from={search.from} to={search.to} onChange={onChange} />
      {filtered ? (
        <Button
          variant="ghost"
          onClick={() => onChange({ plan: undefined, status: undefined, from: undefined, to: undefined })}
        >
          {t("results.filters.clear")}
        </Button>
      ) : null}
    </div>
  );
}

function useSessionColumns(patientId: string): Column<SessionRow>[] {
  const { t, i18n } = useTranslation();
  return [
    {
      key: "started",
      header: t("clinical.sessionColumns.started"),
      className: "whitespace-nowrap",
      cell: (s) => formatDateTime(s.startedAt, i18n.language),
    },
    {
      key: "activity",
      header: t("clinical.sessionColumns.activity"),
      cell: (s) => (
        <div className="min-w-0">
          <p className="font-medium">{s.activityName ?? "–"}</p>
          <p className="text-xs text-muted-foreground sm:hidden">{s.planName}</p>
        </div>
      ),
    },
    {
      key: "plan",
      header: t("clinical.sessionColumns.plan"),
      priority: "low",
      cell: (s) => s.planName ?? "–",
    },
    {
      key: "status",
      header: t("clinical.sessionColumns.status"),
      cell: (s) => <ActivityStateBadge state={s.state} />,
    },
    {
      key: "recording",
      header: t("clinical.sessionColumns.recording"),
      cell: (s) =>
        s.recordingId && s.analysisStatus ? (
          <Link
            to="/records/activity"
            search={{ patient: patientId, recording: s.recordingId }}
            className="inline-flex flex-wrap items-center gap-2 rounded-sm underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span className="sr-only">
              {t("clinical.openRecording", { date: formatDateTime(s.startedAt, i18n.language) })}
            </span>
            <AnalysisStatusBadge status={s.analysisStatus} />
            <span className="tabular-nums">{formatDegrees(s.overallAverageError, i18n.language)}</span>
          </Link>
        ) : (
          <span className="text-muted-foreground">{t("clinical.notRecorded")}</span>
        ),
    },
    {
      key: "feedback",
      header: t("clinical.sessionColumns.feedback"),
      cell: (s) =>
        s.feedback ? (
          t("clinical.feedbackSummary", {
            pain: t(`activitySession.feedback.pain.${s.feedback.painLevel}`),
            difficulty: t(`activitySession.feedback.difficulties.${s.feedback.difficulty}`),
            speed: t(`activitySession.feedback.speeds.${s.feedback.speed}`),
          })
        ) : (
          <span className="text-muted-foreground">{t("clinical.noFeedback")}</span>
        ),
    },
  ];
}
