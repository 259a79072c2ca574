import { useTranslation } from "react-i18next";
import { PageHeader } from "../shell/page-header";
import { AssessmentAnswer } from "./assessment-answer";
import { AssessmentList } from "./assessment-list";

/** /assessments for a patient: the list, or the one opened (kept in the URL so a reload stays on it). */
export function MyAssessmentsPage({
  openId,
  onOpenChange,
}: {
  openId: string | undefined;
  onOpenChange: (assessmentId: string | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("nav.assessments")} />
      {openId ? (
        <AssessmentAnswer key={openId} assessmentId={openId} onClose={() => onOpenChange(undefined)} />
      ) : (
        <AssessmentList onOpen={onOpenChange} />
      )}
    </>
  );
}
