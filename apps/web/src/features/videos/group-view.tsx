import { Button, EmptyState, Skeleton, Tabs, TabsContent, TabsList, TabsTrigger } from "@fizio/ui";
import { ArrowLeft, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { PageHeader } from "../shell/page-header";
import { ReadinessBadge } from "./readiness-badge";
import { SupportVideosTab } from "./support-videos-tab";

type Group = ApiOutputs["videos"]["groups"]["get"];

const REFRESH_MS = 4000;
const settling = (group: Group | undefined) =>
  group?.supportVideos.some((video) => video.status === "PENDING" || video.status === "PROCESSING") ?? false;

/** One group: general information, joints and tolerances, support videos (refreshed while any is processing). */
export function GroupView({ groupId, onBack }: { groupId: string; onBack: () => void }) {
  const { t } = useTranslation();
  const group = trpc.videos.groups.get.useQuery(
    { id: groupId },
    { refetchInterval: (query) => (settling(query.state.data) ? REFRESH_MS : false) },
  );
  const back = (
    <Button variant="outline" onClick={onBack}>
      <ArrowLeft aria-hidden />
      {t("videos.backToList")}
    </Button>
  );
  if (group.isPending) return <Skeleton className="h-72" aria-busy="true" />;
  if (group.isError)
    return (
      <EmptyState
        icon={<TriangleAlert />}
        title={apiErrorMessage(group.error, currentLocale())}
        action={back}
      />
    );
  const data = group.data;
  const facts: [string, string][] = [
    [t("videos.columns.type"), t(`videos.types.${data.type}`)],
    [t("videos.orientation"), t(`videos.orientations.${data.orientation}`)],
    [t("videos.direction"), t(`videos.directions.${data.direction}`)],
    [t("videos.side"), t(`videos.sides.${data.side}`)],
  ];
  return (
    <>
      <PageHeader title={data.name} actions={back} />
      <div className="mb-4">
        <ReadinessBadge readiness={data.readiness} />
      </div>
      <Tabs defaultValue="general">
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="general">{t("videos.generalTab")}</TabsTrigger>
          <TabsTrigger value="joints">{t("videos.jointsTab")}</TabsTrigger>
          <TabsTrigger value="support">{t("videos.supportTab")}</TabsTrigger>
        </TabsList>
        <TabsContent value="general">
          <dl className="grid gap-3 sm:grid-cols-2">
            {facts.map(([label, value]) => (
              <div key={label} className="rounded-md border p-3">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="font-medium">{value}</dd>
              </div>
            ))}
          </dl>
        </TabsContent>
        <TabsContent value="joints">
          <ul className="flex flex-col divide-y rounded-md border">
            {data.joints.map((joint) => (
              <li key={joint.joint} className="flex justify-between gap-3 p-3">
                <span>{t(`videos.joints.${joint.joint}`)}</span>
                <span className="font-medium">
                  {t("videos.tolerance")}: {t("videos.toleranceDegrees", { value: joint.tolerance })}
                </span>
              </li>
            ))}
          </ul>
        </TabsContent>
        <TabsContent value="support">
          <SupportVideosTab group={data} />
        </TabsContent>
      </Tabs>
    </>
  );
}
