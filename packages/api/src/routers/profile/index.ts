import { getNotificationPreferences, saveNotificationPreferences, type UserRow, updateUser } from "@fizio/db";
import {
  AppError,
  assertTextNotificationsAllowed,
  changePasswordInput,
  personalInformationInput,
  updateNotificationPreferencesInput,
} from "@fizio/domain";
import { audit } from "../../audit";
import { setCookiesOf } from "../../auth/cookies";
import { isCurrentPassword } from "../../auth/credentials";
import { notify } from "../../notifications/notify";
import { forgetUserSessions } from "../../session-user";
import { appProcedure, router } from "../../trpc";
import { dataExportRouter } from "./data-export";
import { sessionsRouter } from "./sessions";

function toProfile(user: UserRow) {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    dialCode: user.dialCode,
    dateOfBirth: user.dateOfBirth,
    gender: user.gender,
    preferredLanguage: user.preferredLanguage,
    role: user.role,
    address: { streetAddress: user.streetAddress, city: user.city, state: user.state, zipCode: user.zipCode },
  };
}

const get = appProcedure.query(({ ctx }) => toProfile(ctx.user));

const update = appProcedure.input(personalInformationInput).mutation(async ({ ctx, input }) => {
  const user = await ctx.db.transaction(async (tx) => {
    const updated = await updateUser(tx, ctx.user.id, {
      firstName: input.firstName,
      lastName: input.lastName,
      name: `${input.firstName} ${input.lastName}`,
      phone: input.phone ?? null,
      dialCode: input.dialCode,
      dateOfBirth: input.dateOfBirth ?? null,
      gender: input.gender ?? null,
      preferredLanguage: input.preferredLanguage,
      ...(input.address ?? {}),
    });
    // Removing the phone switches text notifications off rather than leaving them undeliverable.
    if (!updated.phone) {
      const prefs = await getNotificationPreferences(tx, ctx.user.id);
      await saveNotificationPreferences(
        tx,
        ctx.user.id,
        prefs.map((p) => ({ ...p, textMessageEnabled: false })),
      );
    }
    await audit(ctx, "profile.update", "user", ctx.user.id, { fields: Object.keys(input) }, tx);
    return updated;
  });
  return toProfile(user);
});

const changePassword = appProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
  if (!(await isCurrentPassword(ctx.db, ctx.user.id, input.currentPassword))) {
    throw new AppError("FIZ256", {}, { field: "currentPassword" });
  }
  const result = await ctx.auth.api.changePassword({
    body: { currentPassword: input.currentPassword, newPassword: input.password, revokeOtherSessions: true },
    headers: ctx.headers,
    returnHeaders: true,
  });
  ctx.setCookies(setCookiesOf(result.headers));
  forgetUserSessions(ctx, ctx.user.id);
  await ctx.db.transaction(async (tx) => {
    await audit(ctx, "profile.change_password", "user", ctx.user.id, undefined, tx);
    await notify(ctx, tx, ctx.user, "passwordChanged", { about: "", path: "/login/password-recovery" });
  });
  return { ok: true as const };
});

const getNotifications = appProcedure.query(async ({ ctx }) => ({
  preferences: await getNotificationPreferences(ctx.db, ctx.user.id),
  hasPhone: Boolean(ctx.user.phone),
}));

const updateNotifications = appProcedure
  .input(updateNotificationPreferencesInput)
  .mutation(async ({ ctx, input }) => {
    assertTextNotificationsAllowed(input.preferences, ctx.user.phone);
    await ctx.db.transaction(async (tx) => {
      await saveNotificationPreferences(tx, ctx.user.id, input.preferences);
      await audit(ctx, "profile.notifications", "user", ctx.user.id, { preferences: input.preferences }, tx);
    });
    return {
      preferences: await getNotificationPreferences(ctx.db, ctx.user.id),
      hasPhone: Boolean(ctx.user.phone),
    };
  });

export const profileRouter = router({
  get,
  update,
  changePassword,
  notifications: router({ get: getNotifications, update: updateNotifications }),
  dataExport: dataExportRouter,
  sessions: sessionsRouter,
});
