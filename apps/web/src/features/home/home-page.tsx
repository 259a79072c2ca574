import { isAdminRole, type SessionUser } from "@fizio/domain";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../shell/page-header";
import { AdminHome } from "./admin-home";
import { PatientHome } from "./patient-home";
import { ProviderHome } from "./provider-home";

/** /home exists for every role, with what that role has today. */
export function HomePage({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("home.greeting", { name: user.firstName })} />
      {user.role === "ROLE_PATIENT" ? <PatientHome /> : null}
      {user.role === "ROLE_PROVIDER" ? <ProviderHome /> : null}
      {isAdminRole(user.role) ? <AdminHome /> : null}
    </>
  );
}
