import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { parseListSearch } from "../../../features/lists/list-search";
import { UsersPage } from "../../../features/users/users-page";

export const Route = createFileRoute("/_app/users/patients")({
  validateSearch: parseListSearch,
  component: Patients,
});

function Patients() {
  const { t } = useTranslation();
  const navigate = Route.useNavigate();
  return (
    <UsersPage
      roleFilter="ROLE_PATIENT"
      title={t("nav.patients")}
      search={Route.useSearch()}
      onSearchChange={(search) => navigate({ search, replace: true })}
    />
  );
}
