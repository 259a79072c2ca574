import {
  BODY_VIEWS,
  createVideoGroupInput,
  JOINTS,
  type Joint,
  SIDES,
  TOLERANCE_MAX_DEGREES,
  TOLERANCE_MIN_DEGREES,
  VIDEO_GROUP_TYPES,
  type VideoGroupFields,
} from "@fizio/domain";
import {
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Label,
} from "@fizio/ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFailure } from "../../lib/api-error";
import { currentLocale, fizMessage } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";

const DEFAULT_TOLERANCE = 10;
const ORIENTATIONS = ["PORTRAIT", "LANDSCAPE"] as const;

const blank = (): VideoGroupFields => ({
  name: "",
  type: "ACTIVITY",
  joints: [],
  orientation: "LANDSCAPE",
  direction: "SIDE",
  side: "RIGHT",
});

/** A new video group; checked with the domain's rules (ROM one joint, at least one joint) before sending. */
export function CreateGroupDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (groupId: string) => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [group, setGroup] = useState(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = trpc.videos.groups.create.useMutation();
  const set = (patch: Partial<VideoGroupFields>) => {
    setGroup((current) => ({ ...current, ...patch }));
    setErrors({});
  };
  const toggleJoint = (joint: Joint, on: boolean) =>
    set({
      joints: on
        ? [...(group.type === "ROM" ? [] : group.joints), { joint, tolerance: DEFAULT_TOLERANCE }]
        : group.joints.filter((j) => j.joint !== joint),
    });
  const setTolerance = (joint: Joint, tolerance: number) =>
    set({ joints: group.joints.map((j) => (j.joint === joint ? { ...j, tolerance } : j)) });
  const close = () => {
    setGroup(blank());
    setErrors({});
    setFailure(null);
    onClose();
  };
  const save = async () => {
    const parsed = createVideoGroupInput.safeParse(group);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [
            String(issue.path[0]),
            fizMessage(issue.message, currentLocale()),
          ]),
        ),
      );
      return;
    }
    setFailure(null);
    try {
      const created = await create.mutateAsync(parsed.data);
      await utils.videos.groups.list.invalidate();
      close();
      onCreated(created.id);
    } catch (error) {
      const refused = apiFailure(error);
      const message = fizMessage(refused.fiz, currentLocale(), refused.params);
      const field = refused.fieldErrors[0]?.path.split(".")[0];
      if (field) setErrors({ [field]: message });
      else setFailure(message);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent closeLabel={t("common.cancel")}>
        <DialogHeader>
          <DialogTitle>{t("videos.newGroup")}</DialogTitle>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <FormField label={t("videos.columns.name")} error={errors.name}>
            <Input value={group.name} onChange={(event) => set({ name: event.target.value })} />
          </FormField>
          <FormField label={t("videos.columns.type")} error={errors.type}>
            <SelectField
              value={group.type}
              onChange={(type) =>
                set({ type, joints: type === "ROM" ? group.joints.slice(0, 1) : group.joints })
              }
              options={VIDEO_GROUP_TYPES.map((value) => ({ value, label: t(`videos.types.${value}`) }))}
            />
          </FormField>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">
              {group.type === "ROM" ? t("videos.oneJoint") : t("videos.columns.joints")}
            </legend>
            {JOINTS.map((joint) => {
              const chosen = group.joints.find((j) => j.joint === joint);
              return (
                <div key={joint} className="flex flex-wrap items-center gap-3">
                  <Label className="flex min-w-32 items-center gap-2 font-normal">
                    <Checkbox
                      checked={Boolean(chosen)}
                      onCheckedChange={(on) => toggleJoint(joint, on === true)}
                    />
                    {t(`videos.joints.${joint}`)}
                  </Label>
                  {chosen ? (
                    <Label className="flex items-center gap-2 font-normal">
                      {t("videos.tolerance")}
                      <Input
                        type="number"
                        className="w-20"
                        min={TOLERANCE_MIN_DEGREES}
                        max={TOLERANCE_MAX_DEGREES}
                        value={chosen.tolerance}
                        onChange={(event) => setTolerance(joint, Number(event.target.value))}
                      />
                      °
                    </Label>
                  ) : null}
                </div>
              );
            })}
            {errors.joints ? (
              <p role="alert" className="text-sm text-destructive">
                {errors.joints}
              </p>
            ) : null}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label={t("videos.orientation")} error={errors.orientation}>
              <SelectField
                value={group.orientation}
                onChange={(orientation) => set({ orientation })}
                options={ORIENTATIONS.map((value) => ({ value, label: t(`videos.orientations.${value}`) }))}
              />
            </FormField>
            <FormField label={t("videos.direction")} error={errors.direction}>
              <SelectField
                value={group.direction}
                onChange={(direction) => set({ direction })}
                options={BODY_VIEWS.map((value) => ({ value, label: t(`videos.directions.${value}`) }))}
              />
            </FormField>
            <FormField label={t("videos.side")} error={errors.side}>
              <SelectField
                value={group.side}
                onChange={(side) => set({ side })}
                options={SIDES.map((value) => ({ value, label: t(`videos.sides.${value}`) }))}
              />
            </FormField>
          </div>
          <FormAlert message={failure} />
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t("common.saving") : t("common.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
