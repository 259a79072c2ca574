import { toast } from "@fizio/ui";
import { i18n } from "./i18n";

/** Spec §9: notifications are titled Success, Error or Information, with the message below. */
export const notify = {
  success: (message: string) => toast.success(i18n.t("toast.success"), { description: message }),
  error: (message: string) => toast.error(i18n.t("toast.error"), { description: message }),
  info: (message: string) => toast.info(i18n.t("toast.info"), { description: message }),
};
