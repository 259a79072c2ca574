import { signInBlocker } from "@fizio/domain";
import { toSessionUser } from "../../session-user";
import { publicProcedure, resolveUser } from "../../trpc";

export const me = publicProcedure.query(async ({ ctx }) => {
  const user = await resolveUser(ctx);
  if (!user || signInBlocker(user)) return { user: null };
  return { user: await toSessionUser(ctx, user) };
});
