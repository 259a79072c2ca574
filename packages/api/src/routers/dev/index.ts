import { listEmails } from "@fizio/db";
import { AppError } from "@fizio/domain";
import { publicProcedure, router } from "../../trpc";

/** Lists the email outbox when no SMTP server is configured, so recovery works end to end locally. */
const mailbox = publicProcedure.query(async ({ ctx }) => {
  if (!ctx.config.devMailbox) throw new AppError("FIZ413");
  const items = await listEmails(ctx.db, 50);
  return {
    items: items.map((e) => ({
      id: e.id,
      to: e.to,
      subject: e.subject,
      text: e.text,
      html: e.html,
      createdAt: e.createdAt,
    })),
  };
});

export const devRouter = router({ mailbox });
