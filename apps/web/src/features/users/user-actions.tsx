import type { Role } from "@fizio/domain";
import { Button, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@fizio/ui";
import {
  Ban,
  CheckCircle2,
  EllipsisVertical,
  Eraser,
  KeyRound,
  Pencil,
  ReceiptText,
  RotateCcw,
  ShieldPlus,
  Trash2,
} from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { BillingSettingsDialog } from "../billing/billing-settings-dialog";
import { HealthPlansEditor } from "../records/health-plans-card";
import { ConfirmDialog } from "../shell/confirm-dialog";
import { FormDialog } from "../shell/form-dialog";
import { ProviderDeleteDialog } from "./provider-delete-dialog";

type Action = "disable" | "enable" | "delete" | "restore" | "expunge" | "resetTwoFactor";

const CONFIRM = {
  disable: {
    title: "users.confirmDisableTitle",
    body: "users.confirmDisableBody",
    done: "users.disabledToast",
  },
  enable: { title: "users.confirmEnableTitle", body: "users.confirmEnableBody", done: "users.enabledToast" },
  delete: { title: "users.confirmDeleteTitle", body: "users.confirmDeleteBody", done: "users.deletedToast" },
  restore: {
    title: "users.confirmRestoreTitle",
    body: "users.confirmRestoreBody",
    done: "users.restoredToast",
  },
  expunge: {
    title: "users.confirmExpungeTitle",
    body: "users.confirmExpungeBody",
    done: "users.expungedToast",
  },
  resetTwoFactor: {
    title: "users.confirmResetTwoFactorTitle",
    body: "users.confirmResetTwoFactorBody",
    done: "users.twoFactorResetToast",
  },
} as const;

/**
 * Row actions of the user tables. Each asks for confirmation; refusals (an enabled user cannot be deleted,
 * another admin's account, the default provider, a patient with medical services) come back as FIZ codes and show
 * in a toast. Delete and expunge name the list they come from: the admins list deletes admins only (FIZ236).
 */
export function UserActions({
  user,
  listRole,
  onEdit,
}: {
  user: {
    id: string;
    firstName: string;
    lastName: string;
    disabled: boolean;
    deleted: boolean;
    role: string;
    paymentType: "CASH" | "INSURANCE" | null;
    enforcePaymentMethod: boolean;
    twoFactorEnabled: boolean;
  };
  listRole: Role;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [action, setAction] = useState<Action | null>(null);
  const [editingPlans, setEditingPlans] = useState(false);
  const [editingBilling, setEditingBilling] = useState(false);
  const name = `${user.firstName} ${user.lastName}`;
  const handlers = {
    onSuccess: async () => {
      if (action) notify.success(t(CONFIRM[action].done, { name }));
      setAction(null);
      await utils.users.list.invalidate();
    },
    onError: (error: unknown) => {
      setAction(null);
      notify.error(apiErrorMessage(error, currentLocale()));
    },
  };
  const disable = trpc.users.disable.useMutation(handlers);
  const enable = trpc.users.enable.useMutation(handlers);
  const remove = trpc.users.delete.useMutation(handlers);
  const restore = trpc.users.restore.useMutation(handlers);
  const expunge = trpc.users.expunge.useMutation(handlers);
  const resetTwoFactor = trpc.users.resetTwoFactor.useMutation(handlers);
  const pending = [disable, enable, remove, restore, expunge, resetTwoFactor].some((m) => m.isPending);
  const confirm = (chosen: Action) => {
    const userId = user.id;
    if (chosen === "delete") remove.mutate({ userId, listRole });
    else if (chosen === "expunge") expunge.mutate({ userId, listRole });
    else ({ disable, enable, restore, resetTwoFactor })[chosen].mutate({ userId });
  };
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t("users.rowActions", { name })}>
            <EllipsisVertical aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {user.deleted ? (
            <>
              <DropdownMenuItem onSelect={() => setAction("restore")}>
                <RotateCcw aria-hidden />
                {t("users.restore")}
              </DropdownMenuItem>
              <DropdownMenuItem
                onSelect={() => setAction("expunge")}
                className="text-destructive focus:text-destructive"
              >
                <Eraser aria-hidden />
                {t("users.expunge")}
              </DropdownMenuItem>
            </>
          ) : (
            <>
              <DropdownMenuItem onSelect={onEdit}>
                <Pencil aria-hidden />
                {t("users.edit")}
              </DropdownMenuItem>
              {user.role === "ROLE_PATIENT" ? (
                <>
                  <DropdownMenuItem onSelect={() => setEditingPlans(true)}>
                    <ShieldPlus aria-hidden />
                    {t("clinical.healthPlansTitle")}
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => setEditingBilling(true)}>
                    <ReceiptText aria-hidden />
                    {t("users.billingSettings")}
                  </DropdownMenuItem>
                </>
              ) : null}
              {user.twoFactorEnabled ? (
                <DropdownMenuItem onSelect={() => setAction("resetTwoFactor")}>
                  <KeyRound aria-hidden />
                  {t("users.resetTwoFactor")}
                </DropdownMenuItem>
              ) : null}
              {user.disabled ? (
                <DropdownMenuItem onSelect={() => setAction("enable")}>
                  <CheckCircle2 aria-hidden />
                  {t("users.enable")}
                </DropdownMenuItem>
              ) : (
                <DropdownMenuItem onSelect={() => setAction("disable")}>
                  <Ban aria-hidden />
                  {t("users.disable")}
                </DropdownMenuItem>
              )}
              <DropdownMenuItem
                onSelect={() => setAction("delete")}
                className="text-destructive focus:text-destructive"
              >
                <Trash2 aria-hidden />
                {t("users.delete")}
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <FormDialog
        open={editingPlans}
        title={t("clinical.healthPlansOf", { name })}
        className="max-w-2xl"
        onClose={() => setEditingPlans(false)}
      >
        <HealthPlansEditor patientId={user.id} />
      </FormDialog>
      {user.role === "ROLE_PATIENT" ? (
        <BillingSettingsDialog
          open={editingBilling}
          patientId={user.id}
          current={{ paymentType: user.paymentType, enforcePaymentMethod: user.enforcePaymentMethod }}
          onClose={() => {
            setEditingBilling(false);
            void utils.users.list.invalidate();
          }}
        />
      ) : null}
      {user.role === "ROLE_PROVIDER" ? (
        <ProviderDeleteDialog
          provider={{ id: user.id, name }}
          open={action === "delete"}
          onClose={() => setAction(null)}
        />
      ) : null}
      <ConfirmDialog
        open={action !== null && !(action === "delete" && user.role === "ROLE_PROVIDER")}
        title={action ? t(CONFIRM[action].title, { name }) : ""}
        description={action ? t(CONFIRM[action].body) : ""}
        confirmLabel={action ? t(`users.${action}`) : ""}
        destructive={action !== "enable"}
        pending={pending}
        onConfirm={() => action && confirm(action)}
        onCancel={() => setAction(null)}
      />
    </>
  );
}
