import { expect, test } from "./fixtures";
import { DEMO, signInToHome } from "./support";

/** A date `days` ahead in UTC, as a date input wants it. */
function daysAhead(days: number): string {
  return new Date(Date.now() + days * 24 * 3_600_000).toISOString().slice(0, 10);
}

test("a provider books a patient, moves the event, and the patient sees it on /calendar/list and /home", async ({
  browser,
}) => {
  // In UTC, at an hour before the demo availability (9-5 Eastern), so the booking test never meets this event.
  const provider = await browser.newPage({ timezoneId: "UTC" });
  await signInToHome(provider, DEMO.provider);
  // Today's events are on the provider's home.
  await expect(provider.getByRole("heading", { name: "Today's events" })).toBeVisible();
  await provider.goto("/calendar");
  await expect(provider.locator(".fc-timeGridWeek-view")).toBeVisible();
  await provider.getByRole("button", { name: "New event" }).click();
  const dialog = provider.getByRole("dialog");
  await dialog.getByLabel("Patient").click();
  await provider.getByRole("option", { name: "Alex Morgan" }).click();
  await dialog.getByLabel("Service").click();
  await provider.getByRole("option", { name: /97110/ }).click();
  // A retry runs against the same database: a random day and hour keep it off the first attempt's event.
  const hour = 6 + Math.floor(Math.random() * 6);
  const day = daysAhead(1 + Math.floor(Math.random() * 20));
  await dialog.getByLabel("Date").fill(day);
  await dialog.getByLabel("Start").fill(`${String(hour).padStart(2, "0")}:05`);
  await dialog.getByLabel("End").fill(`${String(hour).padStart(2, "0")}:25`);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(provider.getByText("The event was saved.")).toBeVisible();
  await expect(dialog).toBeHidden();

  // The list shows it; opening it and editing the time moves it.
  await provider.goto("/calendar/list");
  // This run's event by its time (a retry's earlier event is at another hour).
  const clock = (minute: string) => `${((hour + 11) % 12) + 1}:${minute} ${hour < 12 ? "AM" : "PM"}`;
  const row = provider
    .getByRole("row")
    .filter({ hasText: "Alex Morgan" })
    .filter({ hasText: clock("05") })
    .first();
  await expect(row).toBeVisible();
  await row.getByRole("button").click();
  const details = provider.getByRole("dialog");
  await expect(details.getByText("Therapeutic exercise · Alex Morgan")).toBeVisible();
  await details.getByRole("button", { name: "Edit" }).click();
  await details.getByLabel("Start").fill(`${String(hour).padStart(2, "0")}:30`);
  await details.getByLabel("End").fill(`${String(hour).padStart(2, "0")}:55`);
  await details.getByRole("button", { name: "Save" }).click();
  await expect(provider.getByText("The event was saved.")).toBeVisible();
  await provider.keyboard.press("Escape");
  await expect(
    provider
      .getByRole("row")
      .filter({ hasText: "Alex Morgan" })
      .filter({ hasText: clock("30") })
      .first(),
  ).toBeVisible();
  await provider.close();

  const patient = await browser.newPage();
  await signInToHome(patient, DEMO.patient);
  await expect(
    patient.getByRole("list", { name: "Appointments" }).getByText("Therapeutic exercise").first(),
  ).toBeVisible();
  await patient.goto("/calendar/list");
  await expect(patient.getByRole("row").filter({ hasText: "Therapeutic exercise" }).first()).toBeVisible();
  // Read-only for the patient: the details have no actions.
  await patient
    .getByRole("row")
    .filter({ hasText: "Therapeutic exercise" })
    .first()
    .getByRole("button")
    .click();
  await expect(patient.getByRole("dialog").getByText("Therapeutic exercise · Alex Morgan")).toBeVisible();
  await expect(patient.getByRole("dialog").getByRole("button", { name: "Edit" })).toHaveCount(0);
  await patient.close();
});

test("a provider opens availability; a visitor in Hawaii books, gets the invitation by email, and cancels through its link", async ({
  browser,
}) => {
  const provider = await browser.newPage();
  await signInToHome(provider, DEMO.provider);
  await provider.goto("/calendar/availability");
  const enabled = provider.getByLabel("Accept bookings on my public calendar");
  if ((await enabled.getAttribute("aria-checked")) !== "true") await enabled.click();
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) {
    const card = provider
      .locator("div.rounded-md")
      .filter({ has: provider.getByRole("heading", { name: day, exact: true }) })
      .last();
    if (await card.getByText("Not available").isVisible())
      await card.getByRole("button", { name: `Add hours: ${day}` }).click();
  }
  await provider.getByRole("button", { name: "Save" }).click();
  await expect(provider.getByText("Availability saved.")).toBeVisible();
  const link = await provider.getByLabel("Public calendar link").inputValue();

  const visitorEmail = `visitor.${Date.now()}@example.com`;
  // Unique per run: a retry shares the database with the first attempt.
  const visitorName = `Kai Visitor ${Date.now() % 100_000}`;
  const visitor = await browser.newPage();
  await visitor.goto(new URL(link).pathname);
  await expect(visitor.getByText(/Book a 30-minute appointment with Sam Rivera/)).toBeVisible();
  await visitor.getByLabel("Your time zone").click();
  const hawaiiSlots = visitor.waitForResponse(
    (r) => r.url().includes("calendar.public.slots") && r.url().includes("Honolulu"),
  );
  await visitor.getByRole("option", { name: "Hawaii" }).click();
  await hawaiiSlots;
  await expect(visitor.getByText("Loading free times…")).toHaveCount(0);
  const days = visitor.getByRole("list", { name: "Choose a day" }).getByRole("button", { disabled: false });
  await expect(async () => {
    if ((await days.count()) === 0) await visitor.getByRole("button", { name: "Next month" }).click();
    expect(await days.count()).toBeGreaterThan(0);
  }).toPass();
  await days.first().click();
  // A time picked at random: a retry or a parallel run may hold the first.
  const times = visitor.getByRole("list", { name: "Choose a time" }).getByRole("button");
  const time = times.nth(Math.floor(Math.random() * (await times.count())));
  const chosen = (await time.textContent()) ?? "";
  await time.click();
  await expect(
    visitor.getByRole("heading", { name: new RegExp(`${chosen.trim()} \\(Hawaii\\)`) }),
  ).toBeVisible();
  await visitor.getByLabel("Full name").fill(visitorName);
  await visitor.getByLabel("Email").fill(visitorEmail);
  await visitor.getByLabel("Phone").fill("8085550100");
  await visitor.getByRole("button", { name: "Book appointment" }).click();
  await expect(visitor.getByRole("status")).toHaveText("Your appointment is booked");
  await expect(
    visitor.getByText(`We sent the invitation and a cancellation link to ${visitorEmail}.`),
  ).toBeVisible();

  // The provider sees the booking in the week view (this week or the next).
  const rangeLoaded = () =>
    provider.waitForResponse((r) => r.url().includes("calendar.events.range") && r.ok());
  const loaded = rangeLoaded();
  await provider.goto("/calendar");
  // The first free time is this week or, late in the week, the next.
  if (!(await (await loaded).text()).includes(visitorName)) {
    const next = rangeLoaded();
    await provider.getByRole("button", { name: "Next" }).click();
    await next;
  }
  const booked = provider.locator(".fc-event").filter({ hasText: visitorName });
  await expect(booked).toBeVisible();
  // Dragged an hour earlier in the week view (two half-hour rows up: a booking in the last slot has no rows
  // below it), it is moved on the server.
  await booked.evaluate((el) => el.scrollIntoView({ block: "center" }));
  const box = (await booked.boundingBox())!;
  const row = (await provider.locator(".fc-timegrid-slot-lane").first().boundingBox())!.height;
  await provider.mouse.move(box.x + box.width / 2, box.y + 4);
  await provider.mouse.down();
  await provider.mouse.move(box.x + box.width / 2, box.y + 4 - row, { steps: 5 });
  await provider.mouse.move(box.x + box.width / 2, box.y + 4 - 2 * row, { steps: 5 });
  await provider.mouse.up();
  await expect(provider.getByText("The event was moved.")).toBeVisible();

  // The email carries the .ics invitation and the cancellation link.
  const mailbox = await browser.newPage();
  await signInToHome(mailbox, DEMO.superAdmin);
  await mailbox.goto("/dev/mailbox");
  // Sent to the visitor: the provider's copies carry the visitor's address too, as their contact.
  const emails = mailbox.getByTestId("mailbox-email").filter({ hasText: `To: ${visitorEmail}` });
  // The move was announced too.
  await expect(emails.filter({ hasText: "Appointment changed" })).toHaveCount(1);
  const email = emails.filter({ hasText: "Appointment booked" });
  // The visitor's copy names whom and where they booked, not the visitor.
  await expect(email).toContainText("Appointment booked: Sam Rivera, DPT · Fizio Demo Clinic");
  await expect(email).toContainText("Where: Main clinic · Fizio Demo Clinic");
  // The provider's copy carries the visitor's contact.
  const providerCopy = mailbox
    .getByTestId("mailbox-email")
    .filter({ hasText: "To: provider@fizio.test" })
    .filter({ hasText: `Appointment booked: ${visitorName}` });
  await expect(providerCopy).toContainText(`Email: ${visitorEmail}`);
  await expect(providerCopy).toContainText("Phone: 808-555-0100");
  const ics = await email.getByRole("link", { name: "invite.ics" }).getAttribute("href");
  expect(decodeURIComponent(ics ?? "")).toContain("BEGIN:VEVENT");
  const cancelHref = await email
    .getByRole("link", { name: /\/external-calendar\/cancellation\// })
    .getAttribute("href");
  await mailbox.close();

  await visitor.goto(new URL(cancelHref ?? "").pathname + new URL(cancelHref ?? "").search);
  await expect(visitor.getByText(/Your appointment:/)).toBeVisible();
  await visitor.getByRole("button", { name: "Cancel appointment" }).click();
  await visitor.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(visitor.getByRole("status")).toHaveText(
    "The appointment is canceled. We emailed you a confirmation.",
  );
  await visitor.close();
  await provider.close();
});

test("an unknown booking link gets a page of its own, in English and in Spanish", async ({ page }) => {
  for (const calendarId of ["x".repeat(22), "nope"]) {
    await page.goto(`/external-calendar/${calendarId}`);
    await expect(
      page.getByRole("heading", { level: 1, name: "This booking page is not available" }),
    ).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText("This booking link is not valid or no longer active");
    await expect(page.getByText("Ask your provider's clinic for their current booking link.")).toBeVisible();
  }
  await page.getByRole("button", { name: "Español" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Esta página de reservas no está disponible" }),
  ).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText("Este enlace de reserva no es válido o ya no está activo");
});

test("a provider's availability offers only the US and Hawaii time zones", async ({ page }) => {
  await signInToHome(page, DEMO.provider);
  await page.goto("/calendar/availability");
  await page.getByLabel("Time zone of these hours").click();
  await expect(page.getByRole("option")).toHaveText([
    "Eastern",
    "Central",
    "Mountain",
    "Arizona",
    "Pacific",
    "Alaska",
    "Hawaii",
  ]);
});
