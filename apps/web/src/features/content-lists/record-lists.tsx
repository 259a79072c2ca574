import { Badge } from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime } from "../../lib/format";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { RomResults } from "../assessments/rom-results";
import type { Column } from "../lists/data-table";
import type { RecordListSearchProps } from "../lists/list-search";
import { PatientFilter } from "../lists/patient-filter";
import { listInput } from "./list-input";
import { SearchableList } from "./searchable-list";

type PlanRecord = ApiOutputs["records"]["treatmentPlans"]["items"][number];
type AssessmentRecord = ApiOutputs["records"]["assessments"]["items"][number];

const patientName = (row: { patientFirstName: string; patientLastName: string }) =>
  `${row.patientFirstName} ${row.patientLastName}`;

export function PlanRecordsPage(props: RecordListSearchProps) {
  const { t, i18n } = useTranslation();
  const query = trpc.records.treatmentPlans.useQuery(
    { ...listInput(props.search), patientId: props.search.patient },
    {
      placeholderData: keepPreviousData,
    },
  );
  const columns: Column<PlanRecord>[] = [
    { key: "patient", header: t("contentLists.patient"), cell: (row) => patientName(row) },
    {
      key: "name",
      header: t("contentLists.name"),
      cell: (row) => <span className="font-medium">{row.name}</span>,
    },
    {
      key: "status",
      header: t("contentLists.status"),
      cell: (row) => <Badge>{t(`patientPlans.statuses.${row.status}`)}</Badge>,
    },
    {
      key: "dates",
      header: t("contentLists.dates"),
      cell: (row) =>
        `${formatDate(row.firstSessionDate, i18n.language)} – ${formatDate(row.lastSessionDate, i18n.language)}`,
      className: "whitespace-nowrap",
    },
  ];
  return (
    <SearchableList
      {...props}
      filters={<PatientFilter {...props} />}
      title={t("nav.treatmentPlans")}
      searchLabel={t("contentLists.searchRecords")}
      query={query}
      emptyTitle={t("contentLists.noPlans")}
      columns={columns}
    />
  );
}

export function AssessmentRecordsPage(props: RecordListSearchProps) {
  const { t, i18n } = useTranslation();
  const query = trpc.records.assessments.useQuery(
    { ...listInput(props.search), patientId: props.search.patient },
    {
      placeholderData: keepPreviousData,
    },
  );
  const columns: Column<AssessmentRecord>[] = [
    { key: "patient", header: t("contentLists.patient"), cell: (row) => patientName(row) },
    {
      key: "name",
      header: t("contentLists.name"),
      cell: (row) => <span className="font-medium">{row.name}</span>,
    },
    {
      key: "status",
      header: t("contentLists.status"),
      cell: (row) => <Badge>{t(`myAssessments.status.${row.status}`)}</Badge>,
    },
    {
      key: "kind",
      header: t("contentLists.kind"),
      cell: (row) => t(`templateEditor.kinds.${row.kind}`),
    },
    {
      key: "result",
      header: t("contentLists.result"),
      // A range-of-motion assessment's measured range per joint, with the change since the previous one.
      cell: (row) => (row.movements ? <RomResults movements={row.movements} /> : "-"),
      className: "min-w-64",
    },
    {
      key: "assignedAt",
      header: t("contentLists.assignedAt"),
      cell: (row) => formatDateTime(row.assignedAt, i18n.language),
      className: "whitespace-nowrap",
    },
    {
      key: "submittedAt",
      header: t("contentLists.submittedAt"),
      cell: (row) => (row.submittedAt ? formatDateTime(row.submittedAt, i18n.language) : "-"),
      className: "whitespace-nowrap",
    },
  ];
  return (
    <SearchableList
      {...props}
      filters={<PatientFilter {...props} />}
      title={t("nav.assessments")}
      searchLabel={t("contentLists.searchRecords")}
      query={query}
      emptyTitle={t("contentLists.noAssessments")}
      columns={columns}
    />
  );
}
