import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { parseListSearch } from "../../../features/lists/list-search";
import { UsersPage } from "../../../features/users/users-page";

export const Route = createFileRoute("/_app/users/admins")({
  validateSearch: parseListSearch,
  component: Admins,
});

function Admins() {
  const { t } = useTranslation();
  const navigate = Route.useNavigate();
  return (
    <UsersPage
      roleFilter="ROLE_ADMIN"
      title={t("nav.admins")}
      search={Route.useSearch()}
      onSearchChange={(search) => navigate({ search, replace: true })}
    />
  );
}
