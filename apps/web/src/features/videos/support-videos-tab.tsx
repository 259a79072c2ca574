import { EmptyState } from "@fizio/ui";
import { Video } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { ConfirmDialog } from "../shell/confirm-dialog";
import { SupportVideoRow } from "./support-video-row";
import { UploadSupportVideo } from "./upload-support-video";

type Group = ApiOutputs["videos"]["groups"]["get"];
type SupportVideo = Group["supportVideos"][number];

export function SupportVideosTab({ group }: { group: Group }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [deleting, setDeleting] = useState<SupportVideo | null>(null);
  const remove = trpc.videos.supportVideos.delete.useMutation({
    onSuccess: () => {
      notify.success(t("videos.deleted"));
      void utils.videos.groups.invalidate();
    },
    // FIZ212 'Selected video is in use' among others, said where the click happened.
    onError: (error) => notify.error(apiErrorMessage(error, currentLocale())),
    onSettled: () => setDeleting(null),
  });
  return (
    <div className="flex flex-col gap-4">
      <UploadSupportVideo group={group} />
      {group.supportVideos.length === 0 ? (
        <EmptyState
          icon={<Video />}
          title={t("videos.noSupportVideos")}
          description={t("videos.noSupportVideosBody")}
        />
      ) : (
        <ul className="flex flex-col divide-y rounded-md border">
          {group.supportVideos.map((video) => (
            <SupportVideoRow key={video.id} video={video} onDelete={() => setDeleting(video)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("videos.deleteTitle")}
        description={t("videos.deleteBody", { name: deleting?.name ?? "" })}
        confirmLabel={t("videos.deleteVideo")}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
