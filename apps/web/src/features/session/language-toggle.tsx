import type { Locale } from "@fizio/i18n";
import { cn } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { selectLanguage, useSelectedLanguage } from "./language";

const OPTIONS: { locale: Locale; name: string }[] = [
  { locale: "en", name: "English" },
  { locale: "es", name: "Español" },
];

/** Language choice before signing in; each option shows (and so is named by) its name in its own language. */
export function LanguageToggle() {
  const { t } = useTranslation();
  const selected = useSelectedLanguage();
  return (
    <fieldset className="flex items-center gap-1 rounded-md border bg-background p-0.5">
      <legend className="sr-only">{t("common.language")}</legend>
      {OPTIONS.map((option) => (
        <button
          key={option.locale}
          type="button"
          lang={option.locale}
          aria-pressed={selected === option.locale}
          onClick={() => selectLanguage(option.locale)}
          className={cn(
            "rounded-sm px-2 py-1 text-xs font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
            selected === option.locale
              ? "bg-primary text-primary-foreground"
              : "text-muted-foreground hover:bg-muted",
          )}
        >
          {option.name}
        </button>
      ))}
    </fieldset>
  );
}
