import { Badge } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import type { ApiOutputs } from "../../lib/trpc";
import type { Column } from "../lists/data-table";
import { PatientChartLink } from "../lists/patient-chart-link";
import { AnalysisStatusBadge } from "./analysis-status-badge";
import { formatDegrees, formatDuration } from "./format";
import { activityOf } from "./recording-detail";

export type RecordingRow = ApiOutputs["recordings"]["list"]["items"][number];

/** The columns every recordings list shares; the date opens the recording. */
export function useRecordingColumns(options: {
  withPatient: boolean;
  /** Staff lists show whether a provider marked each recording reviewed. */
  withReview?: boolean;
  /** The patient's own list says what its numbers mean beside them. */
  explain?: boolean;
  onOpen: (id: string) => void;
}): Column<RecordingRow>[] {
  const { t, i18n } = useTranslation();
  const columns: (Column<RecordingRow> | null)[] = [
    {
      key: "date",
      header: t("results.columns.date"),
      cell: (r) => (
        <button
          type="button"
          className="text-left font-medium text-primary underline-offset-2 hover:underline"
          onClick={() => options.onOpen(r.id)}
        >
          {formatDateTime(r.recordingDate, i18n.language)}
        </button>
      ),
    },
    options.withPatient
      ? {
          key: "patient",
          header: t("results.columns.patient"),
          cell: (r) => (
            <PatientChartLink patientId={r.patientId} name={`${r.patientFirstName} ${r.patientLastName}`}>
              {`${r.patientFirstName} ${r.patientLastName}`}
            </PatientChartLink>
          ),
        }
      : null,
    { key: "activity", header: t("results.columns.activity"), cell: (r) => activityOf(r) },
    {
      key: "duration",
      header: t("results.columns.duration"),
      priority: "low",
      className: "tabular-nums",
      cell: (r) => formatDuration(r.durationSeconds),
    },
    {
      key: "status",
      header: t("results.columns.status"),
      cell: (r) => (
        <AnalysisStatusBadge
          status={r.analysisStatus}
          percent={r.analysisStatus === "IN_PROGRESS" ? r.progressPercent : undefined}
        />
      ),
    },
    {
      key: "error",
      header: t("results.columns.error"),
      className: "text-right tabular-nums",
      cell: (r) =>
        options.explain && r.overallAverageError !== null ? (
          <>
            {formatDegrees(r.overallAverageError, i18n.language)}
            <span className="block text-xs font-normal text-muted-foreground">
              {t("results.columns.errorExplained")}
            </span>
          </>
        ) : (
          formatDegrees(r.overallAverageError, i18n.language)
        ),
    },
    options.withReview
      ? {
          key: "review",
          header: t("results.filters.reviewed"),
          cell: (r) =>
            r.reviewedAt ? (
              <Badge color="green">{t("results.review.reviewedBadge")}</Badge>
            ) : (
              <Badge color="grey">{t("results.review.notReviewedBadge")}</Badge>
            ),
        }
      : null,
  ];
  return columns.filter((c): c is Column<RecordingRow> => c !== null);
}

/** Lists refresh while an analysis runs, so its percent and final status show without a reload. */
export const IN_PROGRESS_REFRESH_MS = 5000;
export const refreshWhileAnalysing = (data: { items: { analysisStatus: string }[] } | undefined) =>
  data?.items.some((r) => r.analysisStatus === "IN_PROGRESS") ? IN_PROGRESS_REFRESH_MS : false;
