import { router } from "../../trpc";
import * as availability from "./availability";
import * as booking from "./booking";
import { get, list, range } from "./events/read";
import { remove, setStatus } from "./events/status";
import { create, move, update } from "./events/write";
import { appointment, book, calendar, cancel, slots } from "./public";

export const calendarRouter = router({
  events: router({ range, list, get, create, update, move, setStatus, delete: remove }),
  availability: router({ get: availability.get, save: availability.save }),
  /** A patient's own video visits with their provider. */
  booking: router({
    providers: booking.providers,
    slots: booking.slots,
    book: booking.book,
    reschedule: booking.reschedule,
    cancel: booking.cancel,
  }),
  /** /external-calendar: no sign-in. */
  public: router({ calendar, slots, book, appointment, cancel }),
});
