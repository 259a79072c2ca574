import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { MedicalHistoryView } from "../../features/records/medical-history-view";
import { useSession } from "../../features/session/use-session";
import { PageHeader } from "../../features/shell/page-header";

export const Route = createFileRoute("/_app/medical-history")({ component: Page });

/** The patient's own medical history: they add and edit their entries, and read the care team's. */
function Page() {
  const { t } = useTranslation();
  const userId = useSession().data?.user?.userId;
  return (
    <>
      <PageHeader title={t("clinical.myHistoryTitle")} description={t("clinical.historyDescription")} />
      {userId ? <MedicalHistoryView patientId={userId} staff={false} /> : null}
    </>
  );
}
