import { listEmails, listTexts } from "@fizio/db";
import { AppError } from "@fizio/domain";
import { roleProcedure, router } from "../../trpc";

/**
 * The email and text outboxes, so recovery works end to end on the dev and e2e stacks (the only ones that turn it on).
 * Its emails hold live recovery links of every organisation, hence the super admin alone.
 */
const mailbox = roleProcedure("ROLE_SUPER_ADMIN").query(async ({ ctx }) => {
  if (!ctx.config.devMailbox) throw new AppError("FIZ413");
  const [items, texts] = await Promise.all([listEmails(ctx.db, 50), listTexts(ctx.db, 50)]);
  return {
    texts: texts.map((s) => ({ id: s.id, to: s.to, text: s.text, createdAt: s.createdAt })),
    items: items.map((e) => ({
      id: e.id,
      to: e.to,
      subject: e.subject,
      text: e.text,
      html: e.html,
      attachments: e.attachments,
      createdAt: e.createdAt,
    })),
  };
});

export const devRouter = router({ mailbox });
