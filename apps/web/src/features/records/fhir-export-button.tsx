import { Button } from "@fizio/ui";
import { FileJson } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { downloadText } from "../../lib/download";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";

/** Downloads the patient's whole record as a FHIR R4 Bundle (JSON), made fresh for each click. */
export function FhirExportButton({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      const bundle = await utils.records.fhir.fetch({ patientId }, { staleTime: 0, gcTime: 0 });
      downloadText(
        JSON.stringify(bundle, null, 2),
        `fhir-record-${new Date().toISOString().slice(0, 10)}.json`,
        "application/fhir+json",
      );
      notify.success(t("clinical.fhirExported"));
    } catch (error) {
      notify.error(apiErrorMessage(error, currentLocale()));
    } finally {
      setPending(false);
    }
  };
  return (
    <Button variant="outline" onClick={download} disabled={pending} aria-busy={pending}>
      <FileJson aria-hidden />
      {t("clinical.fhirExport")}
    </Button>
  );
}
