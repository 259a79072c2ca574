import type { Joint } from "@fizio/domain";
import { Checkbox, Label, Switch } from "@fizio/ui";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { FieldAlert } from "../forms/form-alert";

/**
 * The therapist's live-coaching setting of one activity (issue 50): whether the live session cues after each rep,
 * and which of the video's tracked joints may cue. null is the default: on, every tracked joint. The last chosen
 * joint cannot be cleared: no joint to cue is cues off, which the switch says.
 */
export function LiveCuesFields({
  tracked,
  liveCues,
  cueJoints,
  onChange,
  error,
}: {
  /** The joints the chosen video tracks, in its order. */
  tracked: readonly Joint[];
  liveCues: boolean | null;
  cueJoints: readonly Joint[] | null;
  onChange: (next: { liveCues?: boolean | null; cueJoints?: Joint[] | null }) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const on = liveCues !== false;
  const chosen = cueJoints ?? tracked;
  const toggle = (joint: Joint, checked: boolean) => {
    const next = tracked.filter((j) => (j === joint ? checked : chosen.includes(j)));
    // Every tracked joint is the default, which also takes in a joint the video comes to track later.
    onChange({ cueJoints: next.length === tracked.length ? null : next });
  };
  return (
    <fieldset
      className="flex flex-col gap-2 rounded-md border p-3 sm:col-span-2"
      aria-describedby={`${id}-hint`}
      data-testid="live-cues"
    >
      <legend className="px-1 text-sm font-medium">{t("templateEditor.activities.liveCues.title")}</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t("templateEditor.activities.liveCues.hint")}
      </p>
      <div className="flex items-center gap-2">
        <Switch id={`${id}-on`} checked={on} onCheckedChange={(checked) => onChange({ liveCues: checked })} />
        <Label htmlFor={`${id}-on`}>{t("templateEditor.activities.liveCues.on")}</Label>
      </div>
      {tracked.length > 0 ? (
        <fieldset className="flex flex-col gap-1.5" disabled={!on}>
          <legend className="mb-1 text-sm">{t("templateEditor.activities.liveCues.joints")}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {tracked.map((joint) => {
              const checked = chosen.includes(joint);
              return (
                <div key={joint} className="flex items-center gap-2">
                  <Checkbox
                    id={`${id}-${joint}`}
                    checked={checked}
                    disabled={!on || (checked && chosen.length === 1)}
                    onCheckedChange={(value) => toggle(joint, value === true)}
                    aria-invalid={error ? true : undefined}
                  />
                  <Label htmlFor={`${id}-${joint}`} className="font-normal">
                    {t(`videos.joints.${joint}`)}
                  </Label>
                </div>
              );
            })}
          </div>
        </fieldset>
      ) : null}
      <FieldAlert message={error} />
    </fieldset>
  );
}
