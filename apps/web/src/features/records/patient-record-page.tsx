import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PatientPicker } from "../lists/patient-picker";
import { PageHeader } from "../shell/page-header";
import { FhirExportButton } from "./fhir-export-button";

/**
 * A staff page of one patient's record: the title, the patient picker (kept in the URL) with the FHIR export of
 * the whole record, then the page's part of it.
 */
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
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <PatientPicker value={patient} onChange={onPatientChange} />
        {patient ? <FhirExportButton patientId={patient} /> : null}
      </div>
      {patient ? (
        children(patient)
      ) : (
        <p className="text-sm text-muted-foreground">{t("clinical.choosePatient")}</p>
      )}
    </>
  );
}
