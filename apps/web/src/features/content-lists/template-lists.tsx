import { Button } from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import type { Column } from "../lists/data-table";
import type { ListSearchProps } from "../lists/list-search";
import { CareStageBadge } from "../lists/status-badges";
import { AssessmentTemplateDialog } from "../templates/assessment-template-dialog";
import { PlanTemplateDialog } from "../templates/plan-template-dialog";
import { SessionTemplateDialog } from "../templates/session-template-dialog";
import { TemplateRowActions } from "../templates/template-row-actions";
import { useTemplateEditor } from "../templates/use-template-editor";
import { listInput } from "./list-input";
import { SearchableList } from "./searchable-list";

type Outputs = ApiOutputs["templates"];
type Row = { id: string; name: string; description: string | null; updatedAt: Date };

/** Name and description first, the last change and the row's actions at the end; each list puts its own counts between. */
function useTemplateColumns<T extends Row>(middle: Column<T>[], actions: (row: T) => ReactNode): Column<T>[] {
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
    { key: "actions", header: t("common.actions"), priority: "actions", cell: actions },
  ];
}

function NewButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Plus aria-hidden />
      {label}
    </Button>
  );
}

export function SessionTemplatesPage(props: ListSearchProps) {
  const { t } = useTranslation();
  const query = trpc.templates.sessions.list.useQuery(listInput(props.search), {
    placeholderData: keepPreviousData,
  });
  const editor = useTemplateEditor();
  const remove = trpc.templates.sessions.delete.useMutation();
  const utils = trpc.useUtils();
  const columns = useTemplateColumns<Outputs["sessions"]["list"]["items"][number]>(
    [{ key: "activities", header: t("contentLists.activities"), cell: (row) => row.activityCount }],
    (row) => (
      <TemplateRowActions
        name={row.name}
        onEdit={() => editor.edit(row.id)}
        onDelete={async () => {
          await remove.mutateAsync({ id: row.id });
          await utils.templates.sessions.invalidate();
        }}
      />
    ),
  );
  return (
    <SearchableList
      {...props}
      actions={
        <>
          <NewButton label={t("templateEditor.newSession")} onClick={editor.create} />
          <SessionTemplateDialog id={editor.id} open={editor.open} onClose={editor.close} />
        </>
      }
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
  const editor = useTemplateEditor();
  const remove = trpc.templates.plans.delete.useMutation();
  const utils = trpc.useUtils();
  const columns = useTemplateColumns<Outputs["plans"]["list"]["items"][number]>(
    [
      { key: "stage", header: t("contentLists.stage"), cell: (row) => <CareStageBadge stage={row.stage} /> },
      { key: "sessions", header: t("contentLists.sessions"), cell: (row) => row.sessionCount },
    ],
    (row) => (
      <TemplateRowActions
        name={row.name}
        onEdit={() => editor.edit(row.id)}
        onDelete={async () => {
          await remove.mutateAsync({ id: row.id });
          await utils.templates.plans.invalidate();
        }}
      />
    ),
  );
  return (
    <SearchableList
      {...props}
      actions={
        <>
          <NewButton label={t("templateEditor.newPlan")} onClick={editor.create} />
          <PlanTemplateDialog id={editor.id} open={editor.open} onClose={editor.close} />
        </>
      }
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
  const editor = useTemplateEditor();
  const remove = trpc.templates.assessments.delete.useMutation();
  const utils = trpc.useUtils();
  const columns = useTemplateColumns<Outputs["assessments"]["list"]["items"][number]>(
    [
      {
        key: "kind",
        header: t("contentLists.kind"),
        cell: (row) => t(`templateEditor.kinds.${row.kind}`),
      },
      {
        key: "questions",
        header: t("contentLists.questions"),
        // A range-of-motion template asks no questions: its count of movements stands there instead.
        cell: (row) =>
          row.kind === "RANGE_OF_MOTION"
            ? t("contentLists.movements", { count: row.romVideoCount })
            : row.isIntake
              ? `${row.questionCount} · ${t("contentLists.intake")}`
              : row.questionCount,
      },
    ],
    (row) => (
      <TemplateRowActions
        name={row.name}
        undeletable={row.isIntake ? "FIZ405" : undefined}
        onEdit={() => editor.edit(row.id)}
        onDelete={async () => {
          await remove.mutateAsync({ id: row.id });
          await utils.templates.assessments.invalidate();
        }}
      />
    ),
  );
  return (
    <SearchableList
      {...props}
      actions={
        <>
          <NewButton label={t("templateEditor.newAssessment")} onClick={editor.create} />
          <AssessmentTemplateDialog id={editor.id} open={editor.open} onClose={editor.close} />
        </>
      }
      title={t("nav.assessments")}
      searchLabel={t("contentLists.searchTemplates")}
      query={query}
      emptyTitle={t("contentLists.noTemplates")}
      columns={columns}
    />
  );
}
