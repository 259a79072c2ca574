import { Label } from "@fizio/ui";
import { useId } from "react";
import type { DeviceOption } from "./devices";

/** A labelled native select of one kind of device (native: screen readers and phones handle it best). */
export function DeviceSelect({
  label,
  value,
  options,
  onChange,
  disabled,
  extra,
}: {
  label: string;
  value: string;
  options: DeviceOption[];
  onChange: (deviceId: string) => void;
  disabled?: boolean;
  extra?: DeviceOption;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className="h-10 w-full min-w-0 truncate rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
      >
        {[...(extra ? [extra] : []), ...options].map((o) => (
          <option key={o.deviceId} value={o.deviceId}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
