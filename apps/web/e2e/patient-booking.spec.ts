import { expect, type Page, test } from "./fixtures";
import { DEMO, signInToHome } from "./support";

const ZONE = "America/New_York";

/** The calendar date of an instant in the clinic's zone, as the list's filters take it. */
const dateIn = (iso: string) => new Date(iso).toLocaleDateString("en-CA", { timeZone: ZONE });

/**
 * The patient books a video visit with their own provider next month (so it is outside the day's notice and
 * can be changed), from the calendar's Book a video visit; answers the booked start.
 */
async function bookNextMonth(page: Page, nth: number): Promise<string> {
  await page.getByRole("button", { name: "Book a video visit" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText(/30-minute video visit with Sam Rivera, DPT/)).toBeVisible();
  await dialog.getByRole("button", { name: "Next month" }).click();
  const days = dialog.getByRole("button", { name: /, \d+ free times$/ });
  await expect(days.first()).toBeVisible();
  await days.nth(nth).click();
  await dialog.getByRole("list", { name: "Choose a time" }).getByRole("button").first().click();
  await expect(
    dialog.getByRole("heading", { name: /^Video visit on .* with Sam Rivera, DPT$/ }),
  ).toBeVisible();
  const response = page.waitForResponse((r) => r.url().includes("calendar.booking.book"));
  await dialog.getByRole("button", { name: "Book visit" }).click();
  // tRPC batches calls: the answer is the batch's first (and only) entry.
  const body = await (await response).json();
  const answer = Array.isArray(body) ? body[0] : body;
  await expect(page.getByText("Your video visit is booked. We emailed you the invitation.")).toBeVisible();
  await expect(dialog).toBeHidden();
  return answer.result.data.json.startOn as string;
}

for (const [device, viewport] of [
  ["desktop", { width: 1440, height: 900 }],
  ["phone", { width: 360, height: 640 }],
] as const) {
  test(`${device}: a patient sees their exercise days, books a video visit with their provider, and both calendars show it`, async ({
    browser,
  }) => {
    const patient = await browser.newPage({ viewport, timezoneId: ZONE });
    await signInToHome(patient, DEMO.patient);

    // The current plan's session days are marked on the month and the week.
    await patient.goto("/calendar/month");
    await expect(patient.locator(".fc-dayGridMonth-view")).toBeVisible();
    await expect(patient.locator("[data-marked-day]").first()).toBeVisible();
    await expect(patient.locator("[data-marked-day]").first()).toContainText("Exercises");
    await patient.goto("/calendar/week");
    await expect(patient.locator(".fc-timegrid")).toBeVisible();
    // A phone shows the day instead of the week: today may be no exercise day there.
    if (device === "desktop") await expect(patient.locator("[data-marked-day]").first()).toBeVisible();

    await patient.goto("/calendar/list");
    await expect(
      patient.getByText(/video visits you book with Book a video visit|Therapeutic exercise/).first(),
    ).toBeVisible();
    // Each device and each retry books its own day, so none meets another's visit (a cancelled one stays listed).
    const startOn = await bookNextMonth(patient, (device === "phone" ? 2 : 1) + 2 * test.info().retry);
    const day = dateIn(startOn);

    // On the patient's calendar, as a scheduled visit they may still change.
    await patient.goto(`/calendar/list?from=${day}&to=${day}`);
    const row = patient
      .getByRole("row")
      .filter({ hasText: "Appointment" })
      .filter({ hasText: "Sam Rivera" })
      .filter({ hasText: "Scheduled" });
    await expect(row.first()).toBeVisible();
    await row.first().getByRole("button").click();
    const details = patient.getByRole("dialog");
    await expect(details.getByText(/You can change or cancel this visit online until/)).toBeVisible();
    await expect(details.getByRole("button", { name: "Reschedule" })).toBeVisible();
    await patient.keyboard.press("Escape");
    await expect(details).toBeHidden();

    // On the provider's.
    const provider = await browser.newPage({ viewport, timezoneId: ZONE });
    await signInToHome(provider, DEMO.provider);
    await provider.goto(`/calendar/list?from=${day}&to=${day}`);
    await expect(
      provider.getByRole("row").filter({ hasText: "Alex Morgan" }).filter({ hasText: "Appointment" }).first(),
    ).toBeVisible();
    await provider.close();

    // The patient cancels it again, which frees the time.
    await row.first().getByRole("button").click();
    await details.getByRole("button", { name: "Cancel visit" }).click();
    const confirm = patient.getByRole("alertdialog");
    await confirm.getByRole("button", { name: "Cancel visit" }).click();
    await expect(patient.getByText("Your visit is canceled.")).toBeVisible();
    await patient.close();
  });
}
