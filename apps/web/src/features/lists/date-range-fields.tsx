import { Input, Label } from "@fizio/ui";
import { useId } from "react";
import { useTranslation } from "react-i18next";

/** From and to days of a list's filter; each bounds the other, so the range cannot end before it starts. */
export function DateRangeFields({
  from,
  to,
  onChange,
}: {
  from: string | undefined;
  to: string | undefined;
  onChange: (next: { from?: string; to?: string }) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <div className="flex w-[calc(50%-0.375rem)] flex-col gap-1.5 sm:w-40">
        <Label htmlFor={`${id}-from`}>{t("results.filters.from")}</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={from ?? ""}
          max={to}
          onChange={(e) => onChange({ from: e.target.value || undefined })}
        />
      </div>
      <div className="flex w-[calc(50%-0.375rem)] flex-col gap-1.5 sm:w-40">
        <Label htmlFor={`${id}-to`}>{t("results.filters.to")}</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={to ?? ""}
          min={from}
          onChange={(e) => onChange({ to: e.target.value || undefined })}
        />
      </div>
    </>
  );
}
