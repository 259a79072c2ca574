/** This tab's seat in a room: kept in sessionStorage, so a reload rejoins with it and another tab does not. */
export interface StoredSeat {
  token: string;
  connectionId: string;
  /**
   * Straight after joining only (never stored): where the first stream starts, so signals the others sent
   * before it opened are not skipped. A reloaded page starts after the newest instead.
   */
  signalsAfter?: number;
}

const key = (invitationId: string) => `fizio.visit.${invitationId}`;

export function readSeat(storage: Pick<Storage, "getItem">, invitationId: string): StoredSeat | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key(invitationId)) ?? "null");
    if (typeof parsed !== "object" || parsed === null) return null;
    const { token, connectionId } = parsed as Record<string, unknown>;
    return typeof token === "string" && typeof connectionId === "string" ? { token, connectionId } : null;
  } catch {
    return null;
  }
}

export function storeSeat(storage: Pick<Storage, "setItem">, invitationId: string, seat: StoredSeat): void {
  storage.setItem(key(invitationId), JSON.stringify({ token: seat.token, connectionId: seat.connectionId }));
}

export function forgetSeat(storage: Pick<Storage, "removeItem">, invitationId: string): void {
  storage.removeItem(key(invitationId));
}

/** A tab's connection id: the API tells a second tab of the same participant apart by it. */
export const newConnectionId = () => crypto.randomUUID().replaceAll("-", "");
