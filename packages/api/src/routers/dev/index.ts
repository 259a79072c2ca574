import { listEmails } from "@fizio/db";
import { AppError } from "@fizio/domain";
import { roleProcedure, router } from "../../trpc";

/**
 * The email outbox, so recovery works end to end on the dev and e2e stacks (the only ones that turn it on).
 * Its emails hold live recovery links of every organisation, hence the super admin alone.
 */
const mailbox = roleProcedure("ROLE_SUPER_ADMIN").query(async ({ ctx }) => {
  if (!ctx.config.devMailbox) throw new AppError("FIZ413");
  const items = await listEmails(ctx.db, 50);
  return {
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
