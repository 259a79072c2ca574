import type { EventStatus } from "@fizio/domain";
import {
  dateParam,
  enumParam,
  pageParam,
  type SearchOf,
  searchParams,
  uuidParam,
} from "../../lib/search-params";

/** The list's page and filters live in the URL, so back/forward and reloads keep them. */
const eventListSearchFields = {
  page: pageParam,
  from: dateParam,
  to: dateParam,
  status: enumParam<EventStatus>({
    SCHEDULED: true,
    ONGOING: true,
    COMPLETED: true,
    CANCELLED: true,
    NO_SHOW: true,
  }),
  providerId: uuidParam,
  patientId: uuidParam,
};
export const parseEventListSearch = searchParams(eventListSearchFields);
export type EventListSearch = SearchOf<typeof eventListSearchFields>;
