import { Badge } from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { listInput } from "../content-lists/list-input";
import { SearchableList } from "../content-lists/searchable-list";
import type { Column } from "../lists/data-table";
import type { RecordListSearchProps } from "../lists/list-search";
import { PatientFilter } from "../lists/patient-filter";
import { useSession } from "../session/use-session";

type Row = ApiOutputs["engagement"]["history"]["items"][number];

/** /records/engagement/history: every program message sent, read or not, and the patient's replies. */
export function EngagementHistoryPage(props: RecordListSearchProps) {
  const { t, i18n } = useTranslation();
  const role = useSession().data?.user?.role;
  const query = trpc.engagement.history.useQuery(
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
      key: "program",
      header: t("engagement.program"),
      cell: (row) => (
        <span>
          <span className="font-medium">{row.programName}</span>
          <span className="block text-xs text-muted-foreground">
            {t("engagement.day", { day: row.startDay })}
          </span>
        </span>
      ),
    },
    {
      key: "message",
      header: t("engagement.message", { n: "" }).trim(),
      cell: (row) => <span className="line-clamp-2 max-w-sm">{row.bodyEn}</span>,
    },
    {
      key: "sentAt",
      header: t("engagement.sentAt"),
      cell: (row) => (row.sentAt ? formatDateTime(row.sentAt, i18n.language) : "-"),
      className: "whitespace-nowrap",
    },
    {
      key: "read",
      header: t("engagement.readState"),
      cell: (row) =>
        row.readAt ? (
          <Badge color="green">{t("engagement.readYes")}</Badge>
        ) : (
          <Badge color="grey">{t("engagement.readNo")}</Badge>
        ),
    },
    {
      key: "replies",
      header: t("engagement.replies"),
      // The program's thread is the provider's own; an admin reads the counts only.
      cell: (row) =>
        row.conversationId && role === "ROLE_PROVIDER" ? (
          <Link
            to="/messages/sent"
            search={{ conversation: row.conversationId }}
            className="underline underline-offset-2"
          >
            {row.replies}
            <span className="sr-only"> · {t("engagement.openThread")}</span>
          </Link>
        ) : (
          row.replies
        ),
    },
  ];
  return (
    <SearchableList
      {...props}
      filters={<PatientFilter {...props} />}
      title={t("engagement.historyTitle")}
      searchLabel={t("engagement.searchHistory")}
      query={query}
      emptyTitle={t("engagement.noHistory")}
      columns={columns}
    />
  );
}
