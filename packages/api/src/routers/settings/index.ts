import {
  type StoredOrganizationSettings,
  saveOrganizationSettings,
  upcomingScheduledEvents,
} from "@fizio/db";
import {
  changedSettings,
  completeLogoUploadInput,
  LOGO_TYPES,
  organizationSettingsInput,
  startLogoUploadInput,
} from "@fizio/domain";
import { organizationLogoKey } from "@fizio/storage";
import { audit } from "../../audit";
import { scheduleReminder } from "../../calendar/notify";
import type { UserContext } from "../../context";
import { completeFileUpload, startFileUpload } from "../../file-uploads";
import { settingsOf } from "../../settings";
import { scopeOf, viewUrl } from "../../signed-urls";
import { adminProcedure, appProcedure, router } from "../../trpc";

async function view(ctx: UserContext, stored: StoredOrganizationSettings) {
  const { logoKey, ...settings } = stored;
  return { ...settings, logoUrl: await viewUrl(ctx.storage, scopeOf(ctx.user), logoKey) };
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

/** The logo goes to storage as one part signed for its exact size, under the organisation's prefix. */
const startLogoUpload = adminProcedure.input(startLogoUploadInput).mutation(async ({ ctx, input }) => {
  const organizationId = ctx.user.organizationId;
  return startFileUpload(ctx, {
    purpose: "ORGANIZATION_LOGO",
    organizationId,
    keyFor: (id) => organizationLogoKey(organizationId, id, LOGO_TYPES[input.contentType]),
    contentType: input.contentType,
    size: input.size,
    failure: "FIZ305",
  });
});

/** Finishes the admin's own logo upload, named by its id (another organisation's is FIZ415), and shows it. */
const completeLogoUpload = adminProcedure.input(completeLogoUploadInput).mutation(async ({ ctx, input }) => {
  const upload = await completeFileUpload(ctx, input, "ORGANIZATION_LOGO", "FIZ305");
  return setLogo(ctx, upload.storageKey);
});

const removeLogo = adminProcedure.mutation(async ({ ctx }) => setLogo(ctx, null));

/** The logo's link is made before the change commits, so a logo that may not be shown is never saved. */
async function setLogo(ctx: UserContext, logoKey: string | null) {
  const organizationId = ctx.user.organizationId;
  const saved = await ctx.db.transaction(async (tx) => {
    const before = await settingsOf(ctx, organizationId, tx);
    const after = { ...before, logoKey };
    await saveOrganizationSettings(tx, organizationId, after);
    await audit(ctx, "settings.logo", "organization", organizationId, { changed: ["logo"] }, tx);
    return { before, shown: await view(ctx, after) };
  });
  if (saved.before.logoKey && saved.before.logoKey !== logoKey)
    await ctx.storage.deleteObject(saved.before.logoKey).catch(() => {});
  return saved.shown;
}

export const settingsRouter = router({
  get,
  current,
  update,
  startLogoUpload,
  completeLogoUpload,
  removeLogo,
});
