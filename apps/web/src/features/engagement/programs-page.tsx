import { Button } from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/format";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { listInput } from "../content-lists/list-input";
import { SearchableList } from "../content-lists/searchable-list";
import type { Column } from "../lists/data-table";
import type { RecordListSearchProps } from "../lists/list-search";
import { PatientFilter } from "../lists/patient-filter";
import { EnrollDialog } from "./enroll-dialog";
import { ProgramDialog } from "./program-dialog";
import { EngagementStatusBadge } from "./status-badge";

type Row = ApiOutputs["engagement"]["programs"]["list"]["items"][number];

/** /records/engagement/program: the roster's (a provider's) or organisation's (an admin's) programs. */
export function ProgramsPage(props: RecordListSearchProps) {
  const { t, i18n } = useTranslation();
  const [enrolling, setEnrolling] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const query = trpc.engagement.programs.list.useQuery(
    { ...listInput(props.search), patientId: props.search.patient },
    {
      placeholderData: keepPreviousData,
    },
  );
  const columns: Column<Row>[] = [
    {
      key: "patient",
      header: t("engagement.patient"),
      cell: (row) => `${row.patientFirstName} ${row.patientLastName}`,
    },
    {
      key: "name",
      header: t("engagement.programName"),
      cell: (row) => (
        <button
          type="button"
          className="text-left font-medium hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={t("engagement.view", { name: row.name })}
          onClick={() => setOpen(row.id)}
        >
          {row.name}
        </button>
      ),
    },
    {
      key: "status",
      header: t("engagement.status"),
      cell: (row) => <EngagementStatusBadge status={row.status} />,
    },
    {
      key: "progress",
      header: t("engagement.progress"),
      cell: (row) => t("engagement.progressValue", { sent: row.sent, total: row.total }),
      className: "whitespace-nowrap",
    },
    {
      key: "start",
      header: t("engagement.startDate"),
      cell: (row) => formatDate(row.startDate, i18n.language),
      className: "whitespace-nowrap",
    },
  ];
  return (
    <>
      <SearchableList
        {...props}
        filters={<PatientFilter {...props} />}
        title={t("engagement.programsTitle")}
        searchLabel={t("engagement.searchPrograms")}
        query={query}
        emptyTitle={t("engagement.noPrograms")}
        columns={columns}
        actions={
          <Button onClick={() => setEnrolling(true)}>
            <UserPlus aria-hidden />
            {t("engagement.enroll")}
          </Button>
        }
      />
      <EnrollDialog open={enrolling} onClose={() => setEnrolling(false)} />
      <ProgramDialog id={open} onClose={() => setOpen(null)} />
    </>
  );
}
