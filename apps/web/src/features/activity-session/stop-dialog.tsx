import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@fizio/ui";
import { useTranslation } from "react-i18next";

/** Spec §2 stop modal: leave (the recording is dropped) or keep going. */
export function StopDialog({
  open,
  onKeepGoing,
  onExit,
}: {
  open: boolean;
  onKeepGoing: () => void;
  onExit: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onKeepGoing())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("activitySession.stop.title")}</DialogTitle>
          <DialogDescription>{t("activitySession.stop.body")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="destructive" onClick={onExit}>
            {t("activitySession.stop.exit")}
          </Button>
          <Button onClick={onKeepGoing} autoFocus>
            {t("activitySession.stop.keepGoing")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
