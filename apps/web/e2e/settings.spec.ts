import { expect, test } from "./fixtures";
import { DEMO, signInToHome } from "./support";

test("an admin changes the recording upload limit on /settings and it holds after a reload", async ({
  page,
}) => {
  await signInToHome(page, DEMO.admin);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  const limit = page.getByLabel("Patient recording size limit (MB)");
  await expect(limit).toHaveValue("1024");
  // A value out of range is refused with its reason, and nothing is saved.
  await limit.fill("0");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The value must be at least 1" })).toBeVisible();
  await limit.fill("700");
  const saved = page.waitForResponse((r) => r.url().includes("settings.update") && r.ok());
  await page.getByRole("button", { name: "Save settings" }).click();
  await saved;
  await expect(page.getByText("Settings saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Patient recording size limit (MB)")).toHaveValue("700");
  // The change is a setting change in the system log, under its readable name.
  await page.goto("/audit/system-log");
  await expect(page.getByRole("row").filter({ hasText: "Changed settings" }).first()).toContainText(
    "recordingMaxMb",
  );
});

test("an admin picks the time zone by searching, gives the reminder in hours and the clinic's contact", async ({
  page,
}) => {
  await signInToHome(page, DEMO.admin);
  await page.goto("/settings");
  const zone = page.getByRole("combobox", { name: "Time zone" });
  await expect(zone).toHaveValue("(UTC−05:00) America/New York");
  // Keyboard only: type to filter, arrow to the match, Enter to pick.
  await zone.fill("honolulu");
  await expect(page.getByRole("option")).toHaveCount(1);
  await zone.press("ArrowDown");
  await zone.press("Enter");
  await expect(zone).toHaveValue("(UTC−10:00) Pacific/Honolulu");
  const reminder = page.getByLabel("Appointment reminder, before the visit");
  await expect(reminder).toHaveValue("1");
  await reminder.fill("2");
  await page.getByRole("combobox", { name: "Unit" }).first().click();
  await page.getByRole("option", { name: "hours" }).click();
  await page.getByLabel("Clinic name").fill("Riverside Physical Therapy");
  await page.getByLabel("Address").fill("12 Main St\nSpringfield, IL 62701");
  await page.getByLabel("Phone").fill("call us");
  await page.getByLabel("Contact email").fill("desk@riverside.example");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "format" })).toBeVisible();
  await page.getByLabel("Phone").fill("(555) 010-2030");
  const saved = page.waitForResponse((r) => r.url().includes("settings.update") && r.ok());
  await page.getByRole("button", { name: "Save settings" }).click();
  await saved;
  await page.reload();
  await expect(zone).toHaveValue("(UTC−10:00) Pacific/Honolulu");
  await expect(reminder).toHaveValue("2");
  await expect(page.getByLabel("Clinic name")).toHaveValue("Riverside Physical Therapy");
  // Back as it was, for the other tests' sake.
  await zone.fill("new york");
  await zone.press("ArrowDown");
  await zone.press("Enter");
  await reminder.fill("1");
  await page.getByRole("combobox", { name: "Unit" }).first().click();
  await page.getByRole("option", { name: "days" }).click();
  for (const field of ["Clinic name", "Address", "Phone", "Contact email"])
    await page.getByLabel(field).fill("");
  const restored = page.waitForResponse((r) => r.url().includes("settings.update") && r.ok());
  await page.getByRole("button", { name: "Save settings" }).click();
  await restored;
});

/** A 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

test("an admin uploads the organisation's logo, which then shows in the header, and removes it", async ({
  page,
}) => {
  await signInToHome(page, DEMO.admin);
  await page.goto("/settings");
  const saved = page.waitForResponse((r) => r.url().includes("settings.completeLogoUpload") && r.ok());
  await page.getByRole("region", { name: "Logo" }).locator("input[type=file]").setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  await saved;
  await expect(page.getByText("Logo saved")).toBeVisible();
  // Stored under the organisation's own prefix, by a key the server chose.
  await expect(page.getByTestId("organization-logo")).toHaveAttribute("src", /\/orgs\/[0-9a-f-]{36}\/logo\//);
  await page.getByRole("button", { name: "Remove logo" }).click();
  await expect(page.getByTestId("organization-logo")).toBeHidden();
});

test.describe("on a 360x640 phone", () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test("the settings page fits and has no serious accessibility violation", async ({ page, axeAudit }) => {
    await signInToHome(page, DEMO.admin);
    await page.goto("/settings");
    await expect(page.getByLabel("Time zone")).toHaveValue(/\//);
    await expect(page.getByRole("button", { name: "Upload a logo" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeAudit.violationsOn(page)).toEqual([]);
  });
});

test.describe("a provider in two organisations, on a 360x640 phone", () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test("switches organisation from the menu drawer and then sees only that organisation's patients", async ({
    page,
  }) => {
    // The default provider works in every organisation, the demo's and Northside.
    await signInToHome(page, DEMO.provider);
    await page.goto("/roster");
    await expect(page.getByText("Alex Morgan").first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // On a phone the switcher heads the menu drawer.
    const switcher = async () => {
      await page.getByRole("button", { name: "Open menu" }).click();
      return page.getByRole("dialog").getByRole("combobox", { name: /^Working in/ });
    };
    await (await switcher()).click();
    await page.getByRole("option", { name: "Northside Rehab" }).click();
    await expect(page.getByText("You are now working in Northside Rehab")).toBeVisible();
    await expect(page.getByText("Alex Morgan")).toHaveCount(0);
    await page.reload();
    await expect(await switcher()).toContainText("Northside Rehab");
    await expect(page.getByText("Alex Morgan")).toHaveCount(0);
    // Back home, for the other tests' sake.
    await page
      .getByRole("dialog")
      .getByRole("combobox", { name: /^Working in/ })
      .click();
    await page.getByRole("option", { name: "Fizio Demo Clinic" }).click();
    await expect(page.getByText("Alex Morgan").first()).toBeVisible();
  });
});
