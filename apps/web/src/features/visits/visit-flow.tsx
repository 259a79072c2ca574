import type { EventStatus } from "@fizio/domain";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLocale, fizMessage } from "../../lib/i18n";
import { formatEventTime } from "../calendar/viewer-zone";
import { CallRoom } from "./call-room";
import { forgetSeat, readSeat, type StoredSeat, storeSeat } from "./seat-storage";
import { type JoinAction, SetupRoom, SignInFirst, VisitMessage } from "./setup-room";
import { VisitEnded } from "./visit-ended";

/** How this tab's seat ended: left (may rejoin), the visit finished, or (a guest) denied or removed. */
type Ended = "left" | "finished" | "denied" | "removed";

/** What a link says about its visit before joining. */
export interface VisitInfo {
  startOn: Date;
  endOn: Date;
  status: EventStatus;
  providerName: string | null;
}

/**
 * From a link to the call and out again, whoever holds it: what the visit is, the setup room, the call, and how
 * it ended. A seat kept in this tab (under `seatKey`) rejoins after a reload.
 */
export function VisitFlow({
  seatKey,
  visit,
  finished: finishedBefore,
  join,
  signIn,
  intro,
}: {
  seatKey: string;
  visit: VisitInfo;
  finished: boolean;
  join: JoinAction;
  /** Set when the link needs its holder signed in as someone first: what to tell them. */
  signIn: string | null;
  intro?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [seat, setSeat] = useState<StoredSeat | null>(() => readSeat(sessionStorage, seatKey));
  const [ended, setEnded] = useState<Ended | null>(null);

  const endSeat = (why: Ended | null) => {
    forgetSeat(sessionStorage, seatKey);
    setSeat(null);
    setEnded(why);
  };

  const heading = (
    <div className="flex flex-col gap-1">
      <h1 className="text-lg font-semibold">
        {visit.providerName ? t("visits.withProvider", { name: visit.providerName }) : t("visits.title")}
      </h1>
      <p className="text-sm text-muted-foreground">
        {formatEventTime(visit.startOn, visit.endOn, i18n.language)}
      </p>
    </div>
  );
  if (finishedBefore || ended === "finished") return <VisitEnded kind="finished" heading={heading} />;
  // Cancelled, missed or completed without a call: no room to open.
  if (visit.status !== "SCHEDULED" && visit.status !== "ONGOING")
    return <VisitMessage title={t("visits.title")} body={fizMessage("FIZ110", currentLocale())} />;
  if (seat)
    return (
      <CallRoom
        seat={seat}
        heading={heading}
        onLeft={() => endSeat("left")}
        onLost={() => endSeat(null)}
        onFinished={() => endSeat("finished")}
        onTurnedAway={endSeat}
      />
    );
  if (ended === "denied" || ended === "removed") return <VisitEnded kind={ended} heading={heading} />;
  if (ended === "left") return <VisitEnded kind="left" heading={heading} onRejoin={() => setEnded(null)} />;
  if (signIn) return <SignInFirst heading={heading} message={signIn} />;
  return (
    <SetupRoom
      startOn={visit.startOn}
      heading={heading}
      join={join}
      onJoined={(joined) => {
        storeSeat(sessionStorage, seatKey, joined);
        setSeat(joined);
      }}
    >
      {intro}
    </SetupRoom>
  );
}
