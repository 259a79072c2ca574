import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { RecordingDetail } from "../../../features/results/recording-detail";
import { RecordingsList } from "../../../features/results/recordings-list";
import { parseRecordingsSearch } from "../../../features/results/recordings-search";
import { PageHeader } from "../../../features/shell/page-header";

export const Route = createFileRoute("/_app/content/recordings")({
  validateSearch: parseRecordingsSearch,
  component: Recordings,
});

function Recordings() {
  const { t } = useTranslation();
  const navigate = Route.useNavigate();
  const { recording, ...list } = Route.useSearch();
  if (recording)
    return (
      <RecordingDetail
        id={recording}
        viewer="staff"
        onBack={() => navigate({ search: list })}
        onOpenRecording={(id) => navigate({ search: { ...list, recording: id } })}
      />
    );
  return (
    <>
      <PageHeader title={t("nav.recordings")} />
      <RecordingsList
        search={list}
        onSearchChange={(search) => navigate({ search, replace: !search.recording })}
      />
    </>
  );
}
