import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
} from "@fizio/ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { useProviderOptions } from "../calendar/people-options";
import { SelectField } from "../forms/select-field";

/**
 * The provider deletion modal (spec §2, §6): a provider who still treats patients or owns open plans hands them
 * to another provider first; then the deletion goes ahead, in the same step for the admin.
 */
export function ProviderDeleteDialog({
  provider,
  open,
  onClose,
}: {
  provider: { id: string; name: string };
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const workload = trpc.users.providerWorkload.useQuery(
    { userId: provider.id },
    { enabled: open, gcTime: 0 },
  );
  const others = useProviderOptions(open).filter((p) => p.value !== provider.id);
  const [successor, setSuccessor] = useState<string | undefined>();
  const reassign = trpc.users.reassignPatients.useMutation();
  const remove = trpc.users.delete.useMutation();
  const busy = workload.data ? workload.data.patients + workload.data.plans > 0 : false;
  const pending = reassign.isPending || remove.isPending;
  const run = async () => {
    try {
      if (busy && successor)
        await reassign.mutateAsync({ fromProviderId: provider.id, toProviderId: successor });
      await remove.mutateAsync({ userId: provider.id });
      notify.success(t("users.deletedToast", { name: provider.name }));
      onClose();
    } catch (error) {
      notify.error(apiErrorMessage(error, currentLocale()));
    } finally {
      // The list only: the workload of a provider just deleted would answer FIZ204 (an error for nothing).
      await utils.users.list.invalidate();
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent role="alertdialog" closeLabel={t("common.cancel")}>
        <DialogHeader>
          <DialogTitle>{t("users.confirmDeleteTitle", { name: provider.name })}</DialogTitle>
          <DialogDescription>
            {busy && workload.data
              ? t("users.reassign.body", {
                  name: provider.name,
                  patients: workload.data.patients,
                  plans: workload.data.plans,
                })
              : t("users.confirmDeleteBody")}
          </DialogDescription>
        </DialogHeader>
        {busy ? (
          <FormField label={t("users.reassign.to")}>
            <SelectField
              value={successor}
              onChange={setSuccessor}
              options={others}
              placeholder={t("users.form.choose")}
            />
          </FormField>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button
            variant="destructive"
            disabled={pending || workload.isPending || (busy && !successor)}
            aria-busy={pending}
            onClick={run}
          >
            {busy ? t("users.reassign.confirm") : t("users.delete")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
