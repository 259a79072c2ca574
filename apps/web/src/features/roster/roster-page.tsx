import { DEFAULT_PAGE_SIZE, formatPhone } from "@fizio/domain";
import { keepPreviousData } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/format";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { type Column, DataTable } from "../lists/data-table";
import type { ListSearchProps } from "../lists/list-search";
import { PatientChartLink } from "../lists/patient-chart-link";
import { SearchBox } from "../lists/search-box";
import { AccessStatusBadge, CareStageBadge } from "../lists/status-badges";
import { PageHeader } from "../shell/page-header";

// The plan editor is most of the page's weight and only opens on demand: loaded when first asked for.
const PatientPlansDialog = lazy(() =>
  import("../patient-plans/patient-plans-dialog").then((module) => ({ default: module.PatientPlansDialog })),
);

type Patient = ApiOutputs["patients"]["list"]["items"][number];

/** A provider's own patients (spec §6: a patient must be in the provider's roster). */
export function RosterPage({ search, onSearchChange }: ListSearchProps) {
  const { t, i18n } = useTranslation();
  const [planning, setPlanning] = useState<{ id: string; name: string } | null>(null);
  const page = search.page ?? 1;
  const text = search.q ?? "";
  const list = trpc.patients.list.useQuery(
    { page, pageSize: DEFAULT_PAGE_SIZE, search: text || undefined },
    { placeholderData: keepPreviousData },
  );
  const columns: Column<Patient>[] = [
    {
      key: "name",
      header: t("roster.columns.name"),
      cell: (patient) => {
        const name = `${patient.firstName} ${patient.lastName}`;
        return (
          <button
            type="button"
            className="font-medium text-primary underline-offset-2 hover:underline"
            aria-label={t("patientPlans.open", { name })}
            onClick={() => setPlanning({ id: patient.id, name })}
          >
            {name}
          </button>
        );
      },
    },
    {
      key: "chart",
      header: t("patientChart.title"),
      cell: (patient) => (
        <PatientChartLink patientId={patient.id} name={`${patient.firstName} ${patient.lastName}`} />
      ),
    },
    { key: "email", header: t("roster.columns.email"), cell: (patient) => patient.email },
    {
      key: "phone",
      header: t("roster.columns.phone"),
      cell: (patient) => formatPhone(patient.phone),
      className: "whitespace-nowrap",
    },
    {
      key: "dateOfBirth",
      header: t("roster.columns.dateOfBirth"),
      cell: (patient) => formatDate(patient.dateOfBirth, i18n.language),
      className: "whitespace-nowrap",
    },
    {
      key: "careStage",
      header: t("roster.columns.careStage"),
      cell: (patient) => <CareStageBadge stage={patient.careStage} />,
    },
    {
      key: "access",
      header: t("roster.columns.access"),
      cell: (patient) => <AccessStatusBadge status={patient.accessStatus} />,
    },
  ];
  const title = t("nav.roster");
  return (
    <>
      <PageHeader title={title} />
      <div className="mb-4">
        <SearchBox
          value={text}
          onSearch={(q) => onSearchChange({ q: q || undefined, page: undefined })}
          label={t("roster.searchLabel")}
          placeholder={t("users.searchPlaceholder")}
        />
      </div>
      <DataTable
        label={title}
        columns={columns}
        data={list.data}
        loading={list.isPending}
        empty={
          text
            ? { icon: <Users />, title: t("roster.noMatches", { search: text }) }
            : { icon: <Users />, title: t("roster.empty"), description: t("roster.emptyBody") }
        }
        onPageChange={(next) => onSearchChange({ ...search, page: next })}
      />
      {planning && (
        <Suspense fallback={null}>
          <PatientPlansDialog patient={planning} onClose={() => setPlanning(null)} />
        </Suspense>
      )}
    </>
  );
}
