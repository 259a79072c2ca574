import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@fizio/ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** Client state showReferralNeededModal: once dismissed, not shown again to this user until a reload. */
let dismissedFor: string | null = null;

export function ReferralNeededModal({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(dismissedFor !== userId);
  const close = () => {
    dismissedFor = userId;
    setOpen(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("referral.title")}</DialogTitle>
          <DialogDescription>{t("referral.body")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={close}>{t("referral.dismiss")}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
