import { keepPreviousData } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import type { Column } from "../lists/data-table";
import type { ListSearchProps } from "../lists/list-search";
import { CareStageBadge } from "../lists/status-badges";
import { listInput } from "./list-input";
import { SearchableList } from "./searchable-list";

type Outputs = ApiOutputs["templates"];
type Row = { id: string; name: string; description: string | null; updatedAt: Date };

/** Name and description first, the last change at the end; each list puts its own counts between. */
function useTemplateColumns<T extends Row>(middle: Column<T>[]): Column<T>[] {
  const { t, i18n } = useTranslation();
  return [
    {
      key: "name",
      header: t("contentLists.name"),
      cell: (row) => <span className="font-medium">{row.name}</span>,
    },
    {
      key: "description",
      header: t("contentLists.description"),
      cell: (row) => <span className="line-clamp-2">{row.description ?? "-"}</span>,
    },
    ...middle,
    {
      key: "updatedAt",
      header: t("contentLists.updatedAt"),
      cell: (row) => formatDateTime(row.updatedAt, i18n.language),
      className: "whitespace-nowrap",
    },
  ];
}

export function SessionTemplatesPage(props: ListSearchProps) {
  const { t } = useTranslation();
  const query = trpc.templates.sessions.list.useQuery(listInput(props.search), {
    placeholderData: keepPreviousData,
  });
  const columns = useTemplateColumns<Outputs["sessions"]["list"]["items"][number]>([
    { key: "activities", header: t("contentLists.activities"), cell: (row) => row.activityCount },
  ]);
  return (
    <SearchableList
      {...props}
      title={t("nav.sessions")}
      searchLabel={t("contentLists.searchTemplates")}
      query={query}
      emptyTitle={t("contentLists.noTemplates")}
      columns={columns}
    />
  );
}

export function PlanTemplatesPage(props: ListSearchProps) {
  const { t } = useTranslation();
  const query = trpc.templates.plans.list.useQuery(listInput(props.search), {
    placeholderData: keepPreviousData,
  });
  const columns = useTemplateColumns<Outputs["plans"]["list"]["items"][number]>([
    { key: "stage", header: t("contentLists.stage"), cell: (row) => <CareStageBadge stage={row.stage} /> },
    { key: "sessions", header: t("contentLists.sessions"), cell: (row) => row.sessionCount },
  ]);
  return (
    <SearchableList
      {...props}
      title={t("nav.treatmentPlans")}
      searchLabel={t("contentLists.searchTemplates")}
      query={query}
      emptyTitle={t("contentLists.noTemplates")}
      columns={columns}
    />
  );
}

export function AssessmentTemplatesPage(props: ListSearchProps) {
  const { t } = useTranslation();
  const query = trpc.templates.assessments.list.useQuery(listInput(props.search), {
    placeholderData: keepPreviousData,
  });
  const columns = useTemplateColumns<Outputs["assessments"]["list"]["items"][number]>([
    {
      key: "questions",
      header: t("contentLists.questions"),
      cell: (row) =>
        row.isIntake ? `${row.questionCount} · ${t("contentLists.intake")}` : row.questionCount,
    },
  ]);
  return (
    <SearchableList
      {...props}
      title={t("nav.assessments")}
      searchLabel={t("contentLists.searchTemplates")}
      query={query}
      emptyTitle={t("contentLists.noTemplates")}
      columns={columns}
    />
  );
}
