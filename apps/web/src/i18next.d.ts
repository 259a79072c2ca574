import type { UiMessages } from "@fizio/i18n";

/** Typed translation keys: t("nav.home") is checked against the English catalogue. */
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "ui";
    resources: { ui: UiMessages };
  }
}
