import { z } from "zod";
import { listSearchSchema } from "../lists/list-search";

/** A mailbox's page, search, unread filter and open thread live in the URL (back/forward, reloads, links). */
export const mailboxSearchSchema = listSearchSchema.extend({
  unread: z.boolean().optional().catch(undefined),
  conversation: z.uuid().optional().catch(undefined),
});
export type MailboxSearch = z.infer<typeof mailboxSearchSchema>;
