import { ensureProviderCalendar, listAvailability, saveAvailability } from "@fizio/db";
import { assertAvailability, availabilityInput, sortSlots } from "@fizio/domain";
import { z } from "zod";
import { audit } from "../../audit";
import { loadProviderFor, staffProcedure } from "./access";

const providerInput = z.object({ providerId: z.uuid({ error: "FIZ002" }).optional() });

/** A provider's external availability, their public calendar id and the switch (spec §2 /calendar/availability). */
export const get = staffProcedure.input(providerInput).query(async ({ ctx, input }) => {
  const provider = await loadProviderFor(ctx.user, input.providerId, ctx.db);
  const calendar = await ensureProviderCalendar(ctx.db, provider);
  return {
    providerId: provider.id,
    calendarId: calendar.calendarId,
    enabled: calendar.externalEnabled,
    timeZone: calendar.timeZone,
    slots: await listAvailability(ctx.db, provider.id),
  };
});

/** Saves the switch, zone and weekly slots together; any rule broken (FIZ059-062) changes nothing. */
export const save = staffProcedure.input(availabilityInput).mutation(async ({ ctx, input }) => {
  const provider = await loadProviderFor(ctx.user, input.providerId, ctx.db);
  assertAvailability(input.slots);
  await ctx.db.transaction(async (tx) => {
    await ensureProviderCalendar(tx, provider);
    await saveAvailability(
      tx,
      { providerId: provider.id, enabled: input.enabled, timeZone: input.timeZone },
      input.slots,
    );
    await audit(
      ctx,
      "calendar.availability.save",
      "provider",
      provider.id,
      { enabled: input.enabled, timeZone: input.timeZone, slots: input.slots.length },
      tx,
    );
  });
  return { ok: true as const, slots: sortSlots(input.slots) };
});
