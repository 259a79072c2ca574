import { DEFAULT_PAGE_SIZE } from "@fizio/domain";
import { Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState } from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { TriangleAlert, Video } from "lucide-react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { DataTable } from "../lists/data-table";
import { useSession } from "../session/use-session";
import { PageHeader } from "../shell/page-header";
import { JointProgressChart } from "./charts";
import { viewerTimeZone } from "./format";
import { refreshWhileAnalysing, useRecordingColumns } from "./recording-columns";

/**
 * /past-activity: the patient's per-joint progress over time and their own recordings, newest first; opening one
 * shows original versus processed.
 */
export function PastActivityPage({
  page,
  onPageChange,
  onOpen,
}: {
  page: number;
  onPageChange: (page: number) => void;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  const list = trpc.recordings.list.useQuery(
    { page, pageSize: DEFAULT_PAGE_SIZE, timeZone: viewerTimeZone() },
    {
      placeholderData: keepPreviousData,
      refetchInterval: (query) => refreshWhileAnalysing(query.state.data),
    },
  );
  const columns = useRecordingColumns({ withPatient: false, explain: true, onOpen });
  const title = t("nav.pastActivity");
  const patientId = useSession().data?.user?.userId;
  const hasResults = list.data?.items.some((r) => r.analysisStatus === "COMPLETED");
  return (
    <>
      <PageHeader title={title} />
      {patientId && hasResults ? (
        <Card className="mb-5">
          <CardHeader>
            <CardTitle className="text-base">{t("results.progress.title")}</CardTitle>
            <CardDescription>{t("results.progress.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <JointProgressChart patientId={patientId} />
          </CardContent>
        </Card>
      ) : null}
      {list.error ? (
        <EmptyState icon={<TriangleAlert />} title={apiErrorMessage(list.error, currentLocale())} />
      ) : (
        <DataTable
          label={title}
          columns={columns}
          data={list.data}
          loading={list.isPending}
          empty={{
            icon: <Video />,
            title: t("results.pastActivityEmpty"),
            description: t("results.pastActivityEmptyBody"),
          }}
          onPageChange={onPageChange}
        />
      )}
    </>
  );
}
