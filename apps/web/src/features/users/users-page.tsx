import { DEFAULT_PAGE_SIZE, formatPhone, type Role } from "@fizio/domain";
import { Badge, Button, Checkbox, Label } from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { Plus, UsersRound } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { type Column, DataTable } from "../lists/data-table";
import type { ListSearchProps } from "../lists/list-search";
import { SearchBox } from "../lists/search-box";
import { AccessStatusBadge, EnabledBadge } from "../lists/status-badges";
import { useSession } from "../session/use-session";
import { PageHeader } from "../shell/page-header";
import { UserActions } from "./user-actions";
import { type UserDialogTarget, UserFormDialog } from "./user-form-dialog";

type UserItem = ApiOutputs["users"]["list"]["items"][number];

/** /users/admins, /users/providers and /users/patients: one organisation's users of one role. */
export function UsersPage({
  roleFilter: role,
  title,
  search,
  onSearchChange,
}: { roleFilter: Role; title: string } & ListSearchProps) {
  const { t, i18n } = useTranslation();
  const me = useSession().data?.user;
  const page = search.page ?? 1;
  const text = search.q ?? "";
  const [showDeleted, setShowDeleted] = useState(false);
  const [dialog, setDialog] = useState<UserDialogTarget | null>(null);
  const list = trpc.users.list.useQuery(
    { page, pageSize: DEFAULT_PAGE_SIZE, role, search: text || undefined, deleted: showDeleted },
    { placeholderData: keepPreviousData },
  );
  const columns: Column<UserItem>[] = [
    {
      key: "name",
      header: t("users.columns.name"),
      cell: (user) => <span className="font-medium">{`${user.firstName} ${user.lastName}`}</span>,
    },
    { key: "email", header: t("users.columns.email"), cell: (user) => user.email },
    {
      key: "phone",
      header: t("users.columns.phone"),
      cell: (user) => formatPhone(user.phone),
      className: "whitespace-nowrap",
    },
    {
      key: "status",
      header: t("users.columns.status"),
      cell: (user) =>
        user.deleted ? (
          <Badge color="red">{t("users.deletedBadge")}</Badge>
        ) : (
          <EnabledBadge disabled={user.disabled} />
        ),
    },
    ...(role === "ROLE_PATIENT"
      ? [
          {
            key: "access",
            header: t("users.columns.access"),
            cell: (user: UserItem) => <AccessStatusBadge status={user.accessStatus} />,
          },
        ]
      : []),
    {
      key: "created",
      header: t("users.columns.created"),
      cell: (user) => formatDateTime(user.createdAt, i18n.language),
      className: "whitespace-nowrap",
    },
    {
      key: "actions",
      priority: "actions",
      header: t("common.actions"),
      className: "w-12 text-right",
      cell: (user) =>
        user.id === me?.userId ? null : (
          <UserActions
            user={user}
            listRole={role}
            onEdit={() =>
              setDialog({ mode: "edit", userId: user.id, name: `${user.firstName} ${user.lastName}` })
            }
          />
        ),
    },
  ];
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Button onClick={() => setDialog({ mode: "create", role })}>
            <Plus aria-hidden />
            {t(`users.add.${role}`)}
          </Button>
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <div className="w-full sm:w-80">
          <SearchBox
            value={text}
            onSearch={(q) => onSearchChange({ q: q || undefined, page: undefined })}
            label={t("users.searchLabel")}
            placeholder={t("users.searchPlaceholder")}
          />
        </div>
        <div className="flex items-center gap-2 pb-2">
          <Checkbox
            id="show-deleted"
            checked={showDeleted}
            onCheckedChange={(checked) => {
              setShowDeleted(checked === true);
              onSearchChange({ ...search, page: undefined });
            }}
          />
          <Label htmlFor="show-deleted">{t("users.showDeleted")}</Label>
        </div>
      </div>
      <DataTable
        label={title}
        columns={columns}
        data={list.data}
        loading={list.isPending}
        empty={
          text
            ? {
                icon: <UsersRound />,
                title: t("users.noMatches", { search: text }),
                description: t("users.noMatchesBody"),
              }
            : { icon: <UsersRound />, title: t("users.empty"), description: t("users.emptyBody") }
        }
        onPageChange={(next) => onSearchChange({ ...search, page: next })}
      />
      <UserFormDialog target={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
