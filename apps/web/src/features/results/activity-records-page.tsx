import { Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState, Label } from "@fizio/ui";
import { UserRound } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";
import { SelectField } from "../forms/select-field";
import { PageHeader } from "../shell/page-header";
import { JointProgressChart } from "./charts";
import { RecordingsList } from "./recordings-list";
import type { RecordingsSearch } from "./recordings-search";

/** Patients one picker holds; a roster larger than this is searched on /roster. */
const PICKER_SIZE = 100;

export type ActivityRecordsSearch = RecordingsSearch & { patient?: string };

/**
 * /records/activity: pick a patient of the roster (an admin: of the organisation), then see their per-joint
 * progress over time and their recordings, both following the list's activity and date filters.
 */
export function ActivityRecordsPage({
  search,
  onSearchChange,
  fixedPatient,
}: {
  search: ActivityRecordsSearch;
  onSearchChange: (next: ActivityRecordsSearch) => void;
  /** In a patient's chart: the patient is given, so no picker. */
  fixedPatient?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const patients = trpc.patients.list.useQuery(
    { page: 1, pageSize: PICKER_SIZE },
    { enabled: !fixedPatient },
  );
  const { patient, ...list } = search;
  return (
    <>
      <PageHeader title={t("nav.activity")} />
      {fixedPatient ? null : (
        <div className="mb-5 flex w-full max-w-sm flex-col gap-1.5">
          <Label htmlFor={id}>{t("results.progress.patient")}</Label>
          <SelectField
            id={id}
            value={patient}
            placeholder={t("results.progress.pickPatient")}
            onChange={(next) => onSearchChange({ patient: next })}
            options={(patients.data?.items ?? []).map((p) => ({
              value: p.id,
              label: `${p.firstName} ${p.lastName}`,
            }))}
          />
        </div>
      )}
      {patient ? (
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t("results.progress.title")}</CardTitle>
              <CardDescription>{t("results.progress.description")}</CardDescription>
            </CardHeader>
            <CardContent>
              <JointProgressChart patientId={patient} groupId={list.group} from={list.from} to={list.to} />
            </CardContent>
          </Card>
          <RecordingsList
            patientId={patient}
            search={list}
            onSearchChange={(next) => onSearchChange({ ...next, patient })}
          />
        </div>
      ) : (
        <EmptyState
          icon={<UserRound />}
          title={t("results.progress.pickPatient")}
          description={t("results.progress.pickPatientBody")}
        />
      )}
    </>
  );
}
