import { Button } from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { listInput } from "../content-lists/list-input";
import { SearchableList } from "../content-lists/searchable-list";
import type { Column } from "../lists/data-table";
import type { ListSearchProps } from "../lists/list-search";
import { TemplateRowActions } from "../templates/template-row-actions";
import { useTemplateEditor } from "../templates/use-template-editor";
import { EngagementTemplateDialog } from "./template-dialog";

type Row = ApiOutputs["engagement"]["templates"]["list"]["items"][number];

/** /templates/engagement: the organisation's engagement program templates. */
export function EngagementTemplatesPage(props: ListSearchProps) {
  const { t, i18n } = useTranslation();
  const query = trpc.engagement.templates.list.useQuery(listInput(props.search), {
    placeholderData: keepPreviousData,
  });
  const editor = useTemplateEditor();
  const remove = trpc.engagement.templates.delete.useMutation();
  const utils = trpc.useUtils();
  const columns: Column<Row>[] = [
    {
      key: "name",
      header: t("engagement.name"),
      cell: (row) => <span className="font-medium">{row.name}</span>,
    },
    { key: "messages", header: t("engagement.messages"), cell: (row) => row.messageCount },
    { key: "length", header: t("engagement.length"), cell: (row) => row.lastDay + 1 },
    {
      key: "updatedAt",
      header: t("engagement.updatedAt"),
      cell: (row) => formatDateTime(row.updatedAt, i18n.language),
      className: "whitespace-nowrap",
    },
    {
      key: "actions",
      priority: "actions",
      header: t("common.actions"),
      cell: (row) => (
        <TemplateRowActions
          name={row.name}
          onEdit={() => editor.edit(row.id)}
          onDelete={async () => {
            await remove.mutateAsync({ id: row.id });
            await utils.engagement.templates.invalidate();
          }}
          texts={{
            edit: t("engagement.edit", { name: row.name }),
            deleteTitle: t("engagement.deleteTitle"),
            deleteBody: t("engagement.deleteBody", { name: row.name }),
            deleted: t("engagement.deleted"),
          }}
        />
      ),
    },
  ];
  return (
    <>
      <SearchableList
        {...props}
        title={t("engagement.templatesTitle")}
        searchLabel={t("engagement.searchTemplates")}
        query={query}
        emptyTitle={t("engagement.noTemplates")}
        columns={columns}
        actions={
          <Button onClick={editor.create}>
            <Plus aria-hidden />
            {t("engagement.newTemplate")}
          </Button>
        }
      />
      <EngagementTemplateDialog id={editor.id} open={editor.open} onClose={editor.close} />
    </>
  );
}
