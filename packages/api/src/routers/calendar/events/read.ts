import { findEventListItem, listEventsInRange, pageEvents, type UserRow } from "@fizio/db";
import { calendarRangeInput, eventIdInput, listEventsInput } from "@fizio/domain";
import { assertNoForeignPeople, loadPatientFor } from "../../../access";
import { audit, auditListRead } from "../../../audit";
import type { Context } from "../../../context";
import { calendarProcedure, loadEventFor, loadProviderFor } from "../access";

/** Which events a caller may list: a patient their own, a provider theirs, an admin the organisation's. */
async function scopeFor(
  ctx: Context & { user: UserRow },
  filter: { providerId?: string; patientId?: string },
) {
  const user = ctx.user;
  if (user.role === "ROLE_PATIENT") {
    // A patient sees their own events whatever the filters say, but a filter naming someone elsewhere is refused.
    await assertNoForeignPeople(ctx.db, user, [filter.providerId, filter.patientId]);
    return { organizationId: user.organizationId, patientId: user.id };
  }
  const provider =
    filter.providerId || user.role === "ROLE_PROVIDER"
      ? await loadProviderFor(user, filter.providerId, ctx.db)
      : null;
  if (filter.patientId) await loadPatientFor(user, filter.patientId, ctx.db);
  return {
    organizationId: user.organizationId,
    providerIds: provider ? [provider.id] : undefined,
    patientId: filter.patientId,
  };
}

/** The calendar views: every event of the visible range. */
export const range = calendarProcedure.input(calendarRangeInput).query(async ({ ctx, input }) => {
  const scope = await scopeFor(ctx, input);
  const items = await listEventsInRange(ctx.db, { ...scope, from: input.from, to: input.to });
  await auditListRead(ctx, "calendar.read", scope.patientId, input, items);
  return items.map(toView);
});

/** The list view: pages, status, provider, patient and date filters. */
export const list = calendarProcedure.input(listEventsInput).query(async ({ ctx, input }) => {
  const scope = await scopeFor(ctx, input);
  const page = await pageEvents(ctx.db, {
    ...scope,
    from: input.from,
    to: input.to,
    statuses: input.statuses,
    page: input.page,
    pageSize: input.pageSize,
  });
  await auditListRead(ctx, "calendar.list", scope.patientId, input, page.items);
  return { ...page, items: page.items.map(toView) };
});

export const get = calendarProcedure.input(eventIdInput).query(async ({ ctx, input }) => {
  const event = await loadEventFor(ctx.user, input.eventId, ctx.db);
  await audit(ctx, "calendar.event.read", "event", event.id, { patientId: event.patientId });
  return toView((await findEventListItem(ctx.db, event.id))!);
});

/** What the browser gets: never the cancellation token's hash. */
function toView<T extends { cancelTokenHash: string | null; reminderSentAt: Date | null }>(event: T) {
  const { cancelTokenHash: _hash, reminderSentAt: _sent, ...view } = event;
  return view;
}
