import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../shell/page-header";
import { PatientPicker } from "./patient-picker";

/** A staff page of one patient's record: the title, the patient picker (kept in the URL), then the record. */
export function PatientRecordPage({
  title,
  description,
  patient,
  onPatientChange,
  children,
}: {
  title: string;
  description?: string;
  patient: string | undefined;
  onPatientChange: (patient: string | undefined) => void;
  children: (patientId: string) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} description={description} />
      <PatientPicker value={patient} onChange={onPatientChange} />
      {patient ? (
        children(patient)
      ) : (
        <p className="text-sm text-muted-foreground">{t("clinical.choosePatient")}</p>
      )}
    </>
  );
}
