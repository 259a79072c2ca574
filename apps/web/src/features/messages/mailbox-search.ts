import { flagParam, type SearchOf, searchParams, uuidParam } from "../../lib/search-params";
import { listSearchFields } from "../lists/list-search";

/** A mailbox's page, search, unread filter and open thread live in the URL (back/forward, reloads, links). */
const mailboxSearchFields = { ...listSearchFields, unread: flagParam, conversation: uuidParam };
export const parseMailboxSearch = searchParams(mailboxSearchFields);
export type MailboxSearch = SearchOf<typeof mailboxSearchFields>;
