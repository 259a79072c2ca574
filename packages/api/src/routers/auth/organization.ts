import { listUserOrganizations, notifyMailboxChanged, setSessionOrganization } from "@fizio/db";
import { AppError, switchOrganizationInput } from "@fizio/domain";
import { audit } from "../../audit";
import { withContext } from "../../context";
import { authedProcedure } from "../../trpc";

/** The organisations the user works in and the one this session works in, for the shell's switcher. */
export const organizations = authedProcedure.query(async ({ ctx }) => ({
  activeId: ctx.user.organizationId,
  items: await listUserOrganizations(ctx.db, ctx.user.id),
}));

/** Works in another of one's organisations from now on in this session; one not assigned is FIZ414. */
export const switchOrganization = authedProcedure
  .input(switchOrganizationInput)
  .mutation(async ({ ctx, input }) => {
    const mine = await listUserOrganizations(ctx.db, ctx.user.id);
    if (!mine.some((o) => o.id === input.organizationId)) throw new AppError("FIZ414");
    if (!ctx.sessionId) throw new AppError("FIZ408");
    await setSessionOrganization(ctx.db, ctx.sessionId, input.organizationId);
    // The open unread streams count this organisation's threads from now on (messages.unread).
    await notifyMailboxChanged(ctx.db, [ctx.user.id]);
    await audit(
      withContext(ctx, { user: { ...ctx.user, organizationId: input.organizationId } }),
      "auth.organization.switch",
      "organization",
      input.organizationId,
      {
        from: ctx.user.organizationId,
      },
    );
    return { activeId: input.organizationId };
  });
