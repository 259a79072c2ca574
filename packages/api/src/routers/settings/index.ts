import { randomUUID } from "node:crypto";
import {
  type StoredOrganizationSettings,
  saveOrganizationSettings,
  upcomingScheduledEvents,
} from "@fizio/db";
import {
  AppError,
  changedSettings,
  completeLogoUploadInput,
  LOGO_MAX_MB,
  LOGO_TYPES,
  organizationSettingsInput,
  PART_URL_TTL_SECONDS,
  startLogoUploadInput,
} from "@fizio/domain";
import { organizationLogoKey, organizationLogoPrefix } from "@fizio/storage";
import { audit } from "../../audit";
import { scheduleReminder } from "../../calendar/notify";
import type { UserContext } from "../../context";
import { settingsOf } from "../../settings";
import { viewUrl } from "../../signed-urls";
import { adminProcedure, appProcedure, router } from "../../trpc";

async function view(ctx: UserContext, stored: StoredOrganizationSettings) {
  const { logoKey, ...settings } = stored;
  return { ...settings, logoUrl: await viewUrl(ctx.storage, logoKey) };
}

/** /settings: the admin's organisation's settings. */
const get = adminProcedure.query(async ({ ctx }) =>
  view(ctx, await settingsOf(ctx, ctx.user.organizationId)),
);

/**
 * What everyone in the organisation works by: upload limits and formats for the upload forms, the analysis
 * minimum, the default language, the logo for the header.
 */
const current = appProcedure.query(async ({ ctx }) =>
  view(ctx, await settingsOf(ctx, ctx.user.organizationId)),
);

/** Saves the settings; a setting change is audited with what changed (the system log lists it). */
const update = adminProcedure.input(organizationSettingsInput).mutation(async ({ ctx, input }) => {
  const organizationId = ctx.user.organizationId;
  return ctx.db.transaction(async (tx) => {
    const before = await settingsOf(ctx, organizationId, tx);
    const after = { ...before, ...input };
    await saveOrganizationSettings(tx, organizationId, after);
    // Reminders already queued move with the new lead time.
    if (before.reminderLeadMinutes !== after.reminderLeadMinutes)
      for (const event of await upcomingScheduledEvents(tx, organizationId, new Date()))
        await scheduleReminder(ctx, tx, event);
    await audit(
      ctx,
      "settings.update",
      "organization",
      organizationId,
      { changed: changedSettings(before, after) },
      tx,
    );
    return view(ctx, after);
  });
});

/** The logo goes to storage as one part signed for its exact size, the way message attachments do. */
const startLogoUpload = adminProcedure.input(startLogoUploadInput).mutation(async ({ ctx, input }) => {
  const key = organizationLogoKey(ctx.user.organizationId, randomUUID(), LOGO_TYPES[input.contentType]);
  try {
    const uploadId = await ctx.storage.createMultipartUpload(key, input.contentType);
    const url = await ctx.storage.signUploadPart(key, uploadId, 1, input.size, PART_URL_TTL_SECONDS);
    return { key, uploadId, url };
  } catch (error) {
    throw new AppError("FIZ305", {}, { cause: error });
  }
});

/** Finishes the upload of a logo of the admin's organisation (another's key is FIZ415) and shows it. */
const completeLogoUpload = adminProcedure.input(completeLogoUploadInput).mutation(async ({ ctx, input }) => {
  const organizationId = ctx.user.organizationId;
  if (!input.key.startsWith(organizationLogoPrefix(organizationId)) || input.key.includes(".."))
    throw new AppError("FIZ415");
  try {
    await ctx.storage.completeMultipartUpload(input.key, input.uploadId, [
      { partNumber: 1, etag: input.etag },
    ]);
  } catch (error) {
    throw new AppError("FIZ305", {}, { cause: error });
  }
  const stored = await ctx.storage.headObject(input.key);
  if (!stored || stored.size > LOGO_MAX_MB * 1024 * 1024) {
    await ctx.storage.deleteObject(input.key).catch(() => {});
    throw new AppError("FIZ057", { maxMb: LOGO_MAX_MB });
  }
  return setLogo(ctx, input.key);
});

const removeLogo = adminProcedure.mutation(async ({ ctx }) => setLogo(ctx, null));

async function setLogo(ctx: UserContext, logoKey: string | null) {
  const organizationId = ctx.user.organizationId;
  const saved = await ctx.db.transaction(async (tx) => {
    const before = await settingsOf(ctx, organizationId, tx);
    const after = { ...before, logoKey };
    await saveOrganizationSettings(tx, organizationId, after);
    await audit(ctx, "settings.logo", "organization", organizationId, { changed: ["logo"] }, tx);
    return { before, after };
  });
  if (saved.before.logoKey && saved.before.logoKey !== logoKey)
    await ctx.storage.deleteObject(saved.before.logoKey).catch(() => {});
  return view(ctx, saved.after);
}

export const settingsRouter = router({
  get,
  current,
  update,
  startLogoUpload,
  completeLogoUpload,
  removeLogo,
});
