import { englishNav } from "@fizio/i18n/browser";
import type { i18n } from "i18next";

type NavKey = keyof typeof englishNav;

const isNavKey = (key: string): key is NavKey => key in englishNav;

/** The segments of a path that name a page: "/calendar/list" → ["calendar", "list"]; ids are skipped. */
export function titleKeys(pathname: string): NavKey[] {
  return pathname
    .split("/")
    .filter(Boolean)
    .map((segment) => segment.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()))
    .filter(isNavKey);
}

/** Spec §2: the browser title is derived from the path, e.g. "Calendar · List · Fizio". */
export function pageTitle(i18n: i18n, pathname: string, options: { lng?: string; notFound?: boolean } = {}) {
  const t = i18n.getFixedT(options.lng ?? i18n.language, "ui");
  const keys: NavKey[] = options.notFound ? ["notFound"] : titleKeys(pathname);
  return [...keys.map((key) => t(`nav.${key}`)), t("common.appName")].join(" · ");
}
