import type { VisitSignal } from "@fizio/domain";
import { useState } from "react";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import type { StoredSeat } from "./seat-storage";

type StreamEvent = ApiOutputs["visits"]["events"] extends AsyncIterable<infer E> ? E : never;
type Data = StreamEvent extends { data: infer D } ? D : StreamEvent;
type Update = Extract<Data, { kind: "update" }>;
export type RoomParticipant = Update["participants"][number];
export type RoomMessage = Update["messages"][number];

/** How the room ended for this seat; a guest may be denied at the door or removed by the provider. */
export type RoomEnd = "finished" | "left" | "replaced" | "denied" | "removed";

export interface RoomState {
  me: Update["me"] | null;
  participants: RoomParticipant[];
  messages: RoomMessage[];
  ended: RoomEnd | null;
}

const dataOf = (event: StreamEvent): Data => ("data" in event ? event.data : event) as Data;

/**
 * The seat's live room over SSE: who is in, this seat's admission, the chat (kept across reconnects, one copy of
 * each message) and the end of the visit. Signals go straight to the media engine, in order.
 */
export function useRoom(
  seat: StoredSeat | null,
  onSignals: (signals: { from: string; body: VisitSignal }[]) => void,
  onFailure: (error: unknown) => void,
) {
  const [state, setState] = useState<RoomState>({ me: null, participants: [], messages: [], ended: null });
  const input = seat
    ? {
        token: seat.token,
        connectionId: seat.connectionId,
        lastEventId: seat.signalsAfter === undefined ? undefined : String(seat.signalsAfter),
      }
    : { token: "", connectionId: "" };
  trpc.visits.events.useSubscription(input, {
    enabled: seat !== null && state.ended === null,
    onData: (event) => {
      const data = dataOf(event);
      if (data.kind !== "update") {
        setState((s) => ({ ...s, ended: data.kind }));
        return;
      }
      setState((s) => {
        const known = new Set(s.messages.map((m) => m.id));
        return {
          me: data.me,
          participants: data.participants,
          messages: [...s.messages, ...data.messages.filter((m) => !known.has(m.id))],
          ended: null,
        };
      });
      if (data.signals.length > 0) onSignals(data.signals as { from: string; body: VisitSignal }[]);
    },
    onError: onFailure,
  });
  return state;
}
