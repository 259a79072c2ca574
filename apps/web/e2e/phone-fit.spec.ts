import { expect, type Locator, type Page, test } from "./fixtures";
import { fakeCamera } from "./recording";
import { PAGES, SIGNED_IN_ROLES } from "./role-pages";
import { DEMO, signInToHome } from "./support";

const PHONE = { width: 360, height: 640 };

// The activity setup needs a camera; launch options cannot differ inside one file, and the others ignore it.
test.use(fakeCamera);

/**
 * Every visible control (button, link styled as a tab, select, input) that is not wholly inside the window
 * horizontally, described so a failure names it. Screen-reader-only and zero-size elements are left out.
 */
function clippedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      "button, select, input:not([type=hidden]), textarea, [role=combobox], [role=tab], nav a",
    );
    return [...controls]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) return false;
        if (getComputedStyle(element).visibility === "hidden") return false;
        return box.left < -1 || box.right > window.innerWidth + 1;
      })
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = element.getAttribute("aria-label") ?? element.textContent?.trim() ?? "";
        return `${element.tagName.toLowerCase()} "${name.slice(0, 40)}" at ${Math.round(box.left)}-${Math.round(box.right)}`;
      });
  });
}

/** The page's code arrives in chunks, slowly on a busy machine: the first look at a new page waits longer. */
const FIRST_PAINT = { timeout: 30_000 };

/** The element is shown whole: in the window and not cut short by its own box (no ellipsis, no clipping). */
async function expectWhole(locator: Locator) {
  await expect(locator).toBeInViewport({ ratio: 1 });
  expect(await locator.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
}

test.describe("on a 360x640 phone", () => {
  test.use({ viewport: PHONE });

  test("the Records tabs wrap, every label whole and every control on screen", async ({ page }) => {
    await signInToHome(page, DEMO.admin);
    await page.goto("/records/activity");
    await expect(page.getByRole("navigation", { name: "Records" })).toBeVisible(FIRST_PAINT);
    await expectWhole(
      page.getByRole("navigation", { name: "Records" }).getByRole("link", { name: "Documents" }),
    );
    expect(await clippedControls(page)).toEqual([]);
  });

  test("the organization switcher shows the whole name in the menu drawer", async ({ page }) => {
    await signInToHome(page, DEMO.provider);
    await page.getByRole("button", { name: "Open menu" }).click();
    const switcher = page.getByRole("dialog").getByRole("combobox", { name: /^Working in/ });
    // Only staff of several organizations have one; where the demo gives one, its name is not cut.
    if (await switcher.count()) await expectWhole(switcher.locator("span").first());
    expect(await clippedControls(page)).toEqual([]);
  });

  /** A phone card's line: the cell a CardTable labels with its column's name. */
  const line = (row: Locator, column: string) => row.locator(`td[data-label="${column}"]`);

  test("Past Activity's cards show the date and the average error whole", async ({ page }) => {
    await signInToHome(page, DEMO.patient);
    await page.goto("/past-activity");
    const card = page.getByRole("table", { name: "Past Activity" }).locator("tbody tr").first();
    // The list is drawn again once its page of results has come: the cards are read after that.
    await expect(page.getByText(/^1-\d+ of \d+ items$/)).toBeVisible(FIRST_PAINT);
    for (const cell of [card.locator("td").first(), line(card, "Average error")]) {
      await cell.scrollIntoViewIfNeeded();
      await expectWhole(cell);
    }
    // The date reads on one or two lines, not one word a line.
    expect(
      await card
        .locator("td")
        .first()
        .evaluate((cell) => cell.getBoundingClientRect().height),
    ).toBeLessThan(60);
    expect(await clippedControls(page)).toEqual([]);
  });

  test("a recording's Errors per joint shows each joint's Result", async ({ page }) => {
    await signInToHome(page, DEMO.patient);
    await page.goto("/past-activity");
    const squat = page
      .getByRole("table", { name: "Past Activity" })
      .locator("tbody tr")
      .filter({ hasText: "Mini squat" })
      .first();
    await squat.getByRole("button").first().click(FIRST_PAINT);
    const joints = page.getByRole("table", { name: "Errors per joint" });
    const result = line(joints.locator("tbody tr").first(), "Result");
    await result.scrollIntoViewIfNeeded();
    await expect(result).toContainText(/tolerance/);
    await expectWhole(result);
    expect(await clippedControls(page)).toEqual([]);
  });

  test("Users → Patients keeps each row's actions menu on screen", async ({ page }) => {
    await signInToHome(page, DEMO.admin);
    await page.goto("/users/patients");
    const actions = page.getByRole("button", { name: /^Actions for / }).first();
    await expect(actions).toBeVisible(FIRST_PAINT);
    await expect(actions).toBeInViewport({ ratio: 1 });
    await actions.click();
    const menu = page.getByRole("menu");
    await expect(menu).toBeInViewport({ ratio: 1 });
    expect(await clippedControls(page)).toEqual([]);
  });

  test("an admin's Availability on All providers sums up each provider's week in 12-hour times", async ({
    page,
  }) => {
    await signInToHome(page, DEMO.admin);
    await page.goto("/calendar/availability");
    await expect(page.getByRole("heading", { name: "Weekly hours by provider" })).toBeVisible(FIRST_PAINT);
    await expect(page.getByText("your public calendar")).toHaveCount(0);
    const edit = page.getByRole("button", { name: /^Edit hours: / }).first();
    await expect(edit).toBeVisible();
    await expect(
      page
        .locator("dd")
        .filter({ hasText: /\d:\d\d [AP]M–\d/ })
        .first(),
    ).toBeVisible();
    expect(await clippedControls(page)).toEqual([]);
    await edit.click();
    await expect(page.getByRole("switch")).toBeVisible();
    await expect(page.getByText("Accept bookings on this provider's public calendar")).toBeVisible();
  });

  for (const [role, email] of SIGNED_IN_ROLES) {
    test(`no ${role} page is wider than the phone`, async ({ page }) => {
      test.slow();
      await signInToHome(page, email);
      for (const path of PAGES[role]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible(FIRST_PAINT);
        await expect(page.locator(".animate-pulse, [aria-busy=true]")).toHaveCount(0, FIRST_PAINT);
        expect
          .soft(await page.evaluate(() => document.documentElement.scrollWidth), path)
          .toBeLessThanOrEqual(PHONE.width);
      }
    });
  }

  test.describe("the activity setup", () => {
    test("keeps the device pickers, Test speaker and Continue inside the screen", async ({ page }) => {
      await signInToHome(page, DEMO.patient);
      await page.goto("/to-do");
      await page.getByRole("button", { name: "Start activity: Elbow curls" }).click();
      const flow = page.getByRole("dialog");
      await expect(flow.getByLabel("Camera", { exact: true })).toHaveValue(/.+/);
      for (const control of [
        flow.getByLabel("Camera", { exact: true }),
        flow.getByLabel("Microphone", { exact: true }),
        flow.getByLabel("Speaker", { exact: true }),
        flow.getByRole("button", { name: "Test speaker" }),
        flow.getByRole("button", { name: "Continue" }),
      ]) {
        await control.scrollIntoViewIfNeeded();
        await expect(control).toBeInViewport({ ratio: 1 });
      }
      expect(await clippedControls(page)).toEqual([]);
    });
  });
});

test("at 1440 px the Records tab bar shows every label whole", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToHome(page, DEMO.admin);
  await page.goto("/records/activity");
  await expect(page.getByRole("navigation", { name: "Records" })).toBeVisible(FIRST_PAINT);
  const tabs = page.getByRole("navigation", { name: "Records" }).getByRole("link");
  await expect(tabs).toHaveCount(10);
  for (const tab of await tabs.all()) await expectWhole(tab);
});
