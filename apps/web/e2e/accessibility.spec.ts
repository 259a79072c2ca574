import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { PAGES, SIGNED_IN_ROLES } from "./role-pages";
import { signInToHome } from "./support";

const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1280, height: 720 } },
  { name: "a 360x640 phone", viewport: { width: 360, height: 640 } },
];

/**
 * Loaded: the page's heading is shown and no skeleton or busy table is left (a spinner may stay: a recording
 * still being analysed shows one). Generous waits: axe runs beside the test on a machine that may be busy.
 */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(".animate-pulse, [aria-busy=true]")).toHaveCount(0, { timeout: 30_000 });
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`on ${name}`, () => {
    // Each page is checked below once it has loaded, not also as it loads.
    test.use({ viewport, auditEveryPage: false });
    // Several pages, each waited for and checked: more than one page's worth of time.
    test.slow();

    test("the signed-out pages have no serious accessibility violation", async ({ page, axeAudit }) => {
      for (const path of PAGES.signedOut) {
        await visit(page, path);
        expect.soft(await axeAudit.violationsOn(page), path).toEqual([]);
      }
    });

    for (const [role, email] of SIGNED_IN_ROLES) {
      test(`the ${role}'s main pages have no serious accessibility violation`, async ({ page, axeAudit }) => {
        await signInToHome(page, email);
        for (const path of PAGES[role]) {
          await visit(page, path);
          expect.soft(await axeAudit.violationsOn(page), path).toEqual([]);
        }
      });
    }
  });
}
