import { router } from "../../trpc";
import * as availability from "./availability";
import { get, list, range } from "./events/read";
import { remove, setStatus } from "./events/status";
import { create, move, update } from "./events/write";
import { appointment, book, calendar, cancel, slots } from "./public";

export const calendarRouter = router({
  events: router({ range, list, get, create, update, move, setStatus, delete: remove }),
  availability: router({ get: availability.get, save: availability.save }),
  /** /external-calendar: no sign-in. */
  public: router({ calendar, slots, book, appointment, cancel }),
});
