import { expect, type Page, test } from "./fixtures";
import { DEMO, signInToHome } from "./support";

/**
 * Automatic log-off (issue 49), with the browser's clock run forward (page.clock) rather than waited out: the
 * organisation's default limits (15 minutes for staff, 30 for patients), a warning a minute before with "Stay
 * signed in", then the sign-out, which the login page explains. The server's own refusal of an idle session is
 * proved in packages/api/test/idle-logoff.test.ts.
 */
const cases = [
  {
    name: "a provider on a desktop",
    email: DEMO.provider,
    limit: 15,
    viewport: { width: 1280, height: 800 },
  },
  {
    name: "a patient on a 360x640 phone",
    email: DEMO.patient,
    limit: 30,
    viewport: { width: 360, height: 640 },
  },
] as const;

const minutes = (n: number, seconds = 0) =>
  `${String(n).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;

async function warning(page: Page) {
  const dialog = page.getByRole("alertdialog", { name: "Are you still there?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("you will be signed out in");
  return dialog;
}

for (const { name, email, limit, viewport } of cases) {
  test(`${name} is warned a minute before the idle limit, stays signed in, then is signed out`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.clock.install();
    await signInToHome(page, email);
    // The app reports the visit as activity and learns from the answer how long the session has.
    await page.waitForResponse((r) => r.url().includes("auth.activity") && r.ok());

    await page.clock.fastForward(minutes(limit - 1, 5));
    const dialog = await warning(page);
    const stay = dialog.getByRole("button", { name: "Stay signed in" });
    // No axe here: axe's own timers stop with a paused clock, and with a running one a busy machine's audit can
    // outlast the minute. The dialog is the ui package's Dialog, which other specs audit open.
    await expect(stay).toBeFocused();

    const beat = page.waitForResponse((r) => r.url().includes("auth.activity") && r.ok());
    await stay.click();
    await beat;
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/home$/);

    // Idle again, this time past the warning: signed out, on the server too.
    await page.clock.fastForward(minutes(limit - 1, 5));
    await warning(page);
    await page.clock.fastForward(minutes(1));
    await expect(page).toHaveURL(/\/login\?signedOut=idle/);
    await expect(page.getByRole("status")).toHaveText(
      "You were signed out after a period of inactivity. Sign in again to continue.",
    );
    await page.goto("/home");
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel("Username (email)")).toBeVisible();
  });
}

// A user no other spec signs in: signing out "all other sessions" ends only this test's.
const ONLY_HERE = "patient@northside.test";

test("Profile → Security lists the user's sessions and signs out the others", async ({ page, browser }) => {
  const other = await browser.newContext();
  const phone = await other.newPage();
  await signInToHome(phone, ONLY_HERE);
  await signInToHome(page, ONLY_HERE);
  await page.goto("/profile/security");
  const list = page.getByRole("list", { name: "Where you are signed in" });
  await expect(list.getByRole("listitem").filter({ hasText: "This device" })).toContainText(
    "Chrome on Windows",
  );
  await expect(list.getByRole("listitem").filter({ hasText: "This device" })).toContainText("Last active");
  const signedOut = page.waitForResponse((r) => r.url().includes("profile.sessions.revokeOthers") && r.ok());
  await page.getByRole("button", { name: "Sign out all other sessions" }).click();
  await signedOut;
  await expect(page.getByText("No other sessions.")).toBeVisible();
  await phone.goto("/home");
  await expect(phone).toHaveURL(/\/login/);
  await other.close();
});
