import type { NotificationPreference } from "@fizio/domain";
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Skeleton,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@fizio/ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";

type Channel = "emailEnabled" | "textMessageEnabled";

/** Email and text switches per event (spec §2 Profile). Text needs a phone number: FIZ269 otherwise. */
export function NotificationPreferencesCard() {
  const { t } = useTranslation();
  const saved = trpc.profile.notifications.get.useQuery();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("profile.notificationsTitle")}</CardTitle>
        <CardDescription>{t("profile.notificationsDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        {saved.data ? (
          <PreferencesForm
            key={JSON.stringify(saved.data)}
            initial={saved.data.preferences}
            hasPhone={saved.data.hasPhone}
          />
        ) : (
          <Skeleton className="h-56" />
        )}
      </CardContent>
    </Card>
  );
}

function PreferencesForm({ initial, hasPhone }: { initial: NotificationPreference[]; hasPhone: boolean }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [preferences, setPreferences] = useState(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const save = trpc.profile.notifications.update.useMutation({
    onSuccess: (result) => {
      utils.profile.notifications.get.setData(undefined, result);
      notify.success(t("profile.notificationsSaved"));
    },
    onError: (error) => setFailure(apiErrorMessage(error, currentLocale())),
  });
  const toggle = (index: number, channel: Channel, value: boolean) => {
    setFailure(null);
    setPreferences((current) => current.map((p, i) => (i === index ? { ...p, [channel]: value } : p)));
  };
  const channels: { key: Channel; label: string }[] = [
    { key: "emailEnabled", label: t("profile.emailChannel") },
    { key: "textMessageEnabled", label: t("profile.textChannel") },
  ];
  return (
    <div className="flex flex-col gap-4">
      {hasPhone ? null : <p className="text-sm text-muted-foreground">{t("profile.noPhone")}</p>}
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t("profile.event")}</TableHead>
            {channels.map((channel) => (
              <TableHead key={channel.key} className="text-center">
                {channel.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {preferences.map((preference, index) => {
            const event = t(`profile.events.${preference.event}`);
            return (
              <TableRow key={preference.event}>
                <TableCell className="font-medium">{event}</TableCell>
                {channels.map((channel) => (
                  <TableCell key={channel.key} className="text-center">
                    <Switch
                      checked={preference[channel.key]}
                      onCheckedChange={(value) => toggle(index, channel.key, value)}
                      aria-label={t("profile.toggleLabel", { channel: channel.label, event })}
                    />
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <FormAlert message={failure} />
      <div className="flex justify-end">
        <Button onClick={() => save.mutate({ preferences })} disabled={save.isPending}>
          {save.isPending ? t("common.saving") : t("common.save")}
        </Button>
      </div>
    </div>
  );
}
