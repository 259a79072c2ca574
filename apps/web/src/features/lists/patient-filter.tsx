import { FormField } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import type { RecordListSearchProps } from "./list-search";
import { PatientSelect } from "./patient-picker";

/** A record list's patient filter ("All patients" first); none in a patient's chart, where it is fixed. */
export function PatientFilter({ search, onSearchChange, fixedPatient }: RecordListSearchProps) {
  const { t } = useTranslation();
  if (fixedPatient) return null;
  return (
    <FormField label={t("clinical.patient")} className="w-full sm:w-64">
      <PatientSelect
        value={search.patient}
        emptyLabel={t("clinical.allPatients")}
        onChange={(patient) => onSearchChange({ ...search, patient: patient || undefined, page: undefined })}
      />
    </FormField>
  );
}
