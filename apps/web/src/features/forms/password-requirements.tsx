import { type PasswordRequirement, unmetPasswordRequirements } from "@fizio/domain";
import { cn } from "@fizio/ui";
import { Check, Circle } from "lucide-react";
import { useTranslation } from "react-i18next";

const REQUIREMENTS: PasswordRequirement[] = ["length", "letter", "number", "special"];

/** Live checklist of the password rule (spec §5), ticked off as the user types. */
export function PasswordRequirements({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation();
  const unmet = new Set(unmetPasswordRequirements(password));
  return (
    <div id={id} className="rounded-md bg-muted/60 px-3 py-2">
      <p className="mb-1 text-xs font-medium text-muted-foreground">{t("register.requirementsTitle")}</p>
      <ul className="grid gap-0.5 text-xs sm:grid-cols-2">
        {REQUIREMENTS.map((requirement) => {
          const met = !unmet.has(requirement);
          return (
            <li
              key={requirement}
              data-met={met}
              className={cn("flex items-center gap-1.5", met ? "text-green-700" : "text-muted-foreground")}
            >
              {met ? <Check className="size-3.5" aria-hidden /> : <Circle className="size-3" aria-hidden />}
              <span>{t(`register.requirements.${requirement}`)}</span>
              <span className="sr-only">
                ({met ? t("register.requirementMet") : t("register.requirementUnmet")})
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
