import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { chooseOption, DEMO, signInToHome } from "./support";

const CLINIC_ZONE = "America/New_York";
const MINUTE = 60_000;

/** A day and a wall-clock time in the clinic's zone, as the date and time inputs want them. */
function clinicWallClock(at: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: CLINIC_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

test("an admin prices a visit, adjusts a cash patient's fee, completes the service, sees it billed, records a cash payment and exports it", async ({
  browser,
  axeAudit,
}) => {
  test.slow();
  // The browser on the clinic's calendar, so "today" is the same day for the page and for billing.
  const page = await browser.newPage({ timezoneId: CLINIC_ZONE });
  await signInToHome(page, DEMO.admin);

  // A price; an out-of-range amount is refused with its message first.
  await page.goto("/billing/prices");
  await expect(page.getByRole("row").filter({ hasText: "Standard" })).toBeVisible();
  const priceName = `Loyalty ${Date.now() % 100_000}`;
  await page.getByRole("button", { name: "Add price" }).click();
  const priceDialog = page.getByRole("dialog", { name: "Add price" });
  await priceDialog.getByLabel("Description").fill(priceName);
  await priceDialog.getByLabel("Amount").fill("1000");
  await priceDialog.getByRole("button", { name: "Save" }).click();
  await expect(priceDialog.getByText("The price must be between $0 and $999.99")).toBeVisible();
  await priceDialog.getByLabel("Amount").fill("55");
  await priceDialog.getByRole("button", { name: "Save" }).click();
  await expect(priceDialog).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: priceName })).toContainText("$55.00");

  // A fee adjustment for Lucía, who pays cash, from today. A retry finds the first attempt's one in effect
  // (at the same $55), which cannot be replaced once started.
  await page.goto("/records/services");
  await chooseOption(page, page.getByLabel("Patient", { exact: true }), "Lucía Fernández");
  const adjustments = page.getByRole("region", { name: "Fee adjustments" });
  await expect(adjustments.getByText(/Another price for this patient/)).toBeVisible();
  await expect(adjustments.getByText("Loading…")).toHaveCount(0);
  if ((await adjustments.getByText("In effect").count()) === 0) {
    await adjustments.getByRole("button", { name: "Add adjustment" }).click();
    const dialog = page.getByRole("dialog", { name: "Add adjustment" });
    await dialog.getByLabel("Price").click();
    await page.getByRole("option", { name: new RegExp(priceName) }).click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(adjustments.getByText("In effect")).toBeVisible();

  // A 20-minute service for Lucía earlier today (a random slot, so a retry does not meet this one), finished.
  const now = Date.now();
  const [nowHour, nowMinute] = clinicWallClock(new Date(now)).time.split(":").map(Number) as [number, number];
  const minutesToday = nowHour * 60 + nowMinute;
  const startMinute = Math.floor((Math.random() * Math.max(0, minutesToday - 21)) / 5) * 5;
  const start = clinicWallClock(new Date(now - (minutesToday - startMinute) * MINUTE));
  const end = clinicWallClock(new Date(now - (minutesToday - startMinute - 20) * MINUTE));
  await page.goto("/calendar");
  await page.getByRole("button", { name: "New event" }).click();
  const eventDialog = page.getByRole("dialog");
  await eventDialog.getByLabel("Provider").click();
  await page.getByRole("option", { name: "Sam Rivera" }).click();
  await eventDialog.getByLabel("Patient").click();
  await page.getByRole("option", { name: "Lucía Fernández" }).click();
  await eventDialog.getByLabel("Service").click();
  await page.getByRole("option", { name: /97110/ }).click();
  await eventDialog.getByLabel("Date").fill(start.date);
  await eventDialog.getByLabel("Start").fill(start.time);
  await eventDialog.getByLabel("End").fill(end.time);
  await eventDialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The event was saved.")).toBeVisible();
  await page.goto("/calendar/list");
  const [hour, minute] = start.time.split(":").map(Number) as [number, number];
  const clock = `${((hour + 11) % 12) + 1}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
  const row = page.getByRole("row").filter({ hasText: "Lucía Fernández" }).filter({ hasText: clock }).first();
  await row.getByRole("button").click();
  await page.getByRole("dialog").getByRole("button", { name: "Finish" }).click();
  await expect(page.getByText(/Completed/).first()).toBeVisible();

  // The service is billed at the adjusted price; a cash payment is recorded against the balance.
  await page.goto("/records/services");
  await chooseOption(page, page.getByLabel("Patient", { exact: true }), "Lucía Fernández");
  const billed = page.getByRole("table", { name: "Billed services" });
  const entry = billed.getByRole("row").filter({ hasText: "Therapeutic exercise" }).first();
  await expect(entry).toContainText("$55.00");
  await expect(entry).toContainText("Billed");
  expect(await axeAudit.violationsOn(page)).toEqual([]);

  await page.getByRole("button", { name: "Record payment" }).click();
  const payment = page.getByRole("dialog", { name: "Record payment" });
  await payment.getByLabel("Amount").fill("0.50");
  await payment.getByRole("button", { name: "Save" }).click();
  await expect(payment.getByText("The amount must be between $1 and $999.99")).toBeVisible();
  await payment.getByLabel("Amount").fill("20");
  await payment.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Payment recorded")).toBeVisible();
  await expect(payment).toBeHidden();

  // The payment is on /billing/transactions and in its CSV.
  await page.goto("/billing/transactions");
  await page.getByLabel("Patient").fill("Lucía");
  await expect(page.getByRole("row").filter({ hasText: "Lucía Fernández" }).first()).toContainText("$20.00");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = await readFile(await (await download).path(), "utf8");
  expect(csv).toContain("date,patient,amount_usd,method,card,status,note");
  expect(csv).toMatch(/Lucía Fernández,20\.00,CASH,,SUCCEEDED/);
  await page.close();
});
