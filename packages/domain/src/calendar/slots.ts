import { addDays } from "../treatment/schedule";
import type { AvailabilitySlot } from "./availability";
import { AVAILABILITY_STEP_MINUTES } from "./constants";
import { dayOfWeekOf, minutesOf, wallClock, zonedInstant } from "./time";

export interface BusyInterval {
  startOn: Date;
  endOn: Date;
}

export interface FreeSlotQuery {
  /** Weekly availability in the provider's zone. */
  availability: readonly AvailabilitySlot[];
  providerTimeZone: string;
  /** The provider's events that hold time (not cancelled), in any order. */
  busy: readonly BusyInterval[];
  /** Calendar dates, inclusive, in `viewerTimeZone`. */
  from: string;
  to: string;
  viewerTimeZone: string;
  /** Length of an appointment, a multiple of 30 minutes. */
  durationMinutes: number;
  /** Nothing starts before this instant (now plus the booking lead). */
  notBefore: Date;
}

export interface FreeSlot {
  startOn: Date;
  endOn: Date;
  /** Date and "HH:MM" in the viewer's zone. */
  date: string;
  time: string;
}

const MINUTE = 60_000;

/**
 * Free appointment starts: every :00 and :30 inside the availability, long enough for the appointment,
 * not overlapping a busy interval, not before `notBefore`, listed by the viewer's calendar date. Times are
 * built per date in the provider's zone, so a slot keeps its wall-clock hour across DST changes, and an
 * hour the DST change skips is not offered.
 */
export function freeSlots(q: FreeSlotQuery): FreeSlot[] {
  const busy = [...q.busy]
    .map((b) => [b.startOn.getTime(), b.endOn.getTime()] as const)
    .sort((a, b) => a[0] - b[0]);
  // A prefix maximum of end times lets a binary search answer "does anything overlap [s, e)?".
  const maxEnd: number[] = [];
  for (const [i, b] of busy.entries())
    maxEnd.push(Math.max(b[1], i > 0 ? (maxEnd[i - 1] as number) : -Infinity));
  const overlapsBusy = (s: number, e: number) => {
    let lo = 0;
    let hi = busy.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((busy[mid] as readonly [number, number])[0] < e) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && (maxEnd[lo - 1] as number) > s;
  };

  const duration = q.durationMinutes * MINUTE;
  const notBefore = q.notBefore.getTime();
  const out: FreeSlot[] = [];
  // Provider dates that can fall on the viewer's dates: one either side covers every US offset.
  for (let date = addDays(q.from, -1); date <= addDays(q.to, 1); date = addDays(date, 1)) {
    const weekday = dayOfWeekOf(date);
    for (const slot of q.availability) {
      if (slot.dayOfWeek !== weekday) continue;
      const startMin = minutesOf(slot.start);
      const endMin = minutesOf(slot.end);
      const first = zonedInstant(date, startMin, q.providerTimeZone);
      const last = zonedInstant(date, endMin, q.providerTimeZone);
      // On a day without a DST change the slot is a plain run of instants; otherwise each start is placed
      // by its wall-clock time.
      const plain = first && last && last.getTime() - first.getTime() === (endMin - startMin) * MINUTE;
      for (let m = startMin; m + q.durationMinutes <= endMin; m += AVAILABILITY_STEP_MINUTES) {
        const start = plain
          ? first.getTime() + (m - startMin) * MINUTE
          : zonedInstant(date, m, q.providerTimeZone)?.getTime();
        if (start === undefined || start < notBefore) continue;
        const end = start + duration;
        if (!plain) {
          // The appointment's last minute must still be inside the slot on the provider's clock.
          const lastMinute = wallClock(new Date(end - 1), q.providerTimeZone);
          if (lastMinute.date !== date || lastMinute.minutes >= endMin) continue;
        }
        if (overlapsBusy(start, end)) continue;
        const local = wallClock(new Date(start), q.viewerTimeZone);
        if (local.date < q.from || local.date > q.to) continue;
        out.push({
          startOn: new Date(start),
          endOn: new Date(end),
          date: local.date,
          time: `${String(Math.floor(local.minutes / 60)).padStart(2, "0")}:${String(local.minutes % 60).padStart(2, "0")}`,
        });
      }
    }
  }
  return out.sort((a, b) => a.startOn.getTime() - b.startOn.getTime());
}

/** Whether `startOn` is one of the free slots: the server re-checks a booking against the same rule. */
export function isFreeSlot(q: Omit<FreeSlotQuery, "from" | "to">, startOn: Date): boolean {
  const date = wallClock(startOn, q.viewerTimeZone).date;
  return freeSlots({ ...q, from: date, to: date }).some((s) => s.startOn.getTime() === startOn.getTime());
}
