import { TERMS_VERSION } from "@fizio/domain";
import { useTranslation } from "react-i18next";

/** The terms of service text (in the UI catalogue, versioned by TERMS_VERSION). */
export function TermsDocument() {
  const { t } = useTranslation();
  const sections = t("terms.sections", { returnObjects: true });
  return (
    <article className="flex flex-col gap-4 text-sm leading-relaxed">
      <p className="text-xs text-muted-foreground">{t("terms.version", { version: TERMS_VERSION })}</p>
      <p>{t("terms.intro")}</p>
      {sections.map((section) => (
        <section key={section.title} className="flex flex-col gap-1.5">
          <h2 className="text-base font-semibold">{section.title}</h2>
          <p>{section.body}</p>
        </section>
      ))}
      <p className="text-xs text-muted-foreground">{t("terms.endOfTerms")}</p>
    </article>
  );
}
