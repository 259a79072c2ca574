import { router } from "../../trpc";
import { attachmentUrl, completeAttachment, startAttachment } from "./attachments";
import { list, markRead, recipients, remove, thread, unread, unreadCount } from "./read";
import { reply, send } from "./send";

export const messagesRouter = router({
  list,
  thread,
  unreadCount,
  unread,
  recipients,
  send,
  reply,
  markRead,
  remove,
  startAttachment,
  completeAttachment,
  attachmentUrl,
});
