import { type ActivityType, isAnalysedActivity, VIDEO_GROUP_TYPE_FOR } from "@fizio/domain";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { NativeSelect } from "../forms/native-select";
import { ReadinessBadge } from "../videos/readiness-badge";

type Group = ApiOutputs["templates"]["videoChoices"][number];

/** The organisation's support videos of the group type the kind needs, grouped by video group with readiness. */
export function useVideoChoices(type: ActivityType): Group[] {
  const choices = trpc.templates.videoChoices.useQuery(undefined, {
    enabled: Boolean(VIDEO_GROUP_TYPE_FOR[type]),
  });
  return (choices.data ?? []).filter((group) => group.type === VIDEO_GROUP_TYPE_FOR[type]);
}

/**
 * A native select of videos under one heading per group ("Squat · Ready for analysis"); the chosen video's
 * group readiness is shown below, with what it means for a measured activity.
 */
export function VideoPicker({
  type,
  value,
  ...select
}: { type: ActivityType; value: string | null | undefined } & Omit<ComponentProps<"select">, "value">) {
  const { t } = useTranslation();
  const groups = useVideoChoices(type);
  const wanted = VIDEO_GROUP_TYPE_FOR[type];
  const chosen = groups.find((g) => g.videos.some((v) => v.id === value));
  return (
    <div className="flex flex-col gap-1.5">
      <NativeSelect value={value ?? ""} {...select}>
        <option value="">{t("templateEditor.activities.chooseVideo")}</option>
        {groups.map((group) => (
          <optgroup
            key={group.id}
            label={`${group.name} · ${group.readiness.ready ? t("videos.ready") : t("videos.notReady")}`}
          >
            {group.videos.map((video) => (
              <option key={video.id} value={video.id}>
                {video.status === "READY"
                  ? video.name
                  : `${video.name} (${t(`videos.statuses.${video.status}`)})`}
              </option>
            ))}
          </optgroup>
        ))}
      </NativeSelect>
      {groups.length === 0 && wanted ? (
        <p className="text-xs text-muted-foreground">
          {t("templateEditor.activities.noVideos", { type: t(`videos.types.${wanted}`) })}
        </p>
      ) : null}
      {chosen ? (
        <div className="flex flex-col gap-1 text-xs text-muted-foreground">
          <ReadinessBadge readiness={chosen.readiness} />
          {isAnalysedActivity(type) && !chosen.readiness.ready ? (
            <span>{t("templateEditor.activities.notReadyHint")}</span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
