import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { expect, type Page, test } from "./fixtures";
import { DEMO, DEMO_PASSWORD, mailboxLink, signIn, signInToHome, uniqueEmail } from "./support";

const STEP_MS = 30_000;

/** The authenticator app: the code for the current 30-second step, or one step on (the server accepts ±1). */
const totp = (key: string, offset = 0) =>
  createOTP(base32.decode(key)).hotp(Math.floor(Date.now() / STEP_MS) + offset);

async function signOut(page: Page) {
  // Home renders twice once the gate lets the user in; a menu opened during the first render closes with it.
  await expect(async () => {
    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * A new admin's first day (issue 49), as a clinic's first admin after `admin:create` lives it: the set-password
 * link, enrolment forced after the password (admins must sign in with a second factor), sign out, sign in with a
 * code, then the idle warning and the automatic log-off. The command itself is proved in first-super-admin.test.ts;
 * codes (reuse, brute force, recovery) in packages/api/test/two-factor.test.ts.
 */
test("a new admin sets a password, enrols two-factor, signs in with a code and is logged off when idle", async ({
  page,
  browser,
  axeAudit,
}) => {
  // Two users, the mailbox and a sign-in twice over: longer than one flow, on a busy machine too.
  test.setTimeout(240_000);
  const email = uniqueEmail("admin2fa");
  const password = `Enrol#${Date.now()}`;

  const setup = await browser.newPage();
  await signInToHome(setup, DEMO.superAdmin);
  await setup.goto("/users/admins");
  await setup.getByRole("button", { name: "Add admin" }).click();
  const form = setup.getByRole("dialog", { name: "New admin" });
  await form.getByLabel("First name").fill("Ada");
  await form.getByLabel("Last name").fill("Quinn");
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(setup.getByText(`${email} receives an email to set a password`)).toBeVisible();
  await setup.close();

  const href = await mailboxLink(browser, email, /create-new-password/);
  await page.goto(href);
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("Confirm new password").fill(password);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/login$/);

  // After the password, an admin without a second factor is taken to enrolment and nowhere else.
  await signIn(page, email, password);
  const enrolment = page.getByRole("heading", { name: "Set up two-factor sign-in" });
  // The gate is the first render after sign-in: on a starved machine that takes longer than one expect's default.
  await expect(enrolment).toBeVisible({ timeout: 30_000 });
  expect(await axeAudit.violationsOn(page)).toEqual([]);
  await page.getByLabel("Your password").fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
  const key = (await page.getByTestId("two-factor-key").textContent())?.replaceAll(/\s/g, "") ?? "";
  expect(key.length).toBeGreaterThan(15);
  await expect(
    page.getByRole("img", { name: "QR code to add Fizio to your authenticator app" }),
  ).toBeVisible();
  await expect(
    page.getByRole("list", { name: "2. Save your recovery codes" }).getByRole("listitem"),
  ).toHaveCount(10);
  expect(await axeAudit.violationsOn(page)).toEqual([]);
  await page.getByLabel("3. Enter the 6-digit code the app shows").fill(await totp(key));
  // The gate stands on /home already: wait for the answer that carries the new session's cookie, since leaving
  // the page before it arrives aborts it and the browser keeps the old, ended session.
  const confirmed = page.waitForResponse((r) => r.url().includes("twoFactor.confirm"));
  await page.getByRole("button", { name: "Turn on" }).click();
  expect((await confirmed).ok()).toBe(true);
  await expect(enrolment).toHaveCount(0);
  await expect(page).toHaveURL(/\/home$/);

  // Admins must keep it: Profile → Security says why instead of offering to turn it off.
  await page.goto("/profile/security");
  await expect(page.getByText("On: sign-in asks for a code from your authenticator app.")).toBeVisible();
  await expect(page.getByText("required for your role in this organization", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: "Turn off" })).toHaveCount(0);

  await signOut(page);

  // The browser's clock is installed before sign-in so the idle limit can be run forward, not waited out.
  await page.clock.install();
  await signIn(page, email, password);
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  // A wrong code is refused and said so.
  await page.getByLabel("Code").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code is not right or has expired.", { exact: false })).toBeVisible();
  // The enrolment's code is spent; the next step's code is accepted (the app's window is ±1 step).
  const activity = page.waitForResponse((r) => r.url().includes("auth.activity") && r.ok());
  await page.getByLabel("Code").fill(await totp(key, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await activity;

  // Staff are signed out after 15 idle minutes (the organisation's default), warned a minute before.
  await page.clock.fastForward("14:05");
  const warning = page.getByRole("alertdialog", { name: "Are you still there?" });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole("button", { name: "Stay signed in" })).toBeFocused();
  await page.clock.fastForward("01:00");
  await expect(page).toHaveURL(/\/login\?signedOut=idle/);
  await expect(page.getByRole("status")).toHaveText(
    "You were signed out after a period of inactivity. Sign in again to continue.",
  );
});

// A provider no other spec signs in, in an organisation that asks only its admins for a second factor.
const PROVIDER = "provider2@fizio.test";

test("Profile → Security: a provider turns two-factor on, makes new recovery codes and turns it off again", async ({
  page,
  axeAudit,
}) => {
  await signInToHome(page, PROVIDER);
  await page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "Profile" })
    .click();
  await page.getByRole("link", { name: "Security" }).click();
  await expect(page).toHaveURL(/\/profile\/security$/);
  await expect(page.getByText("Off: sign-in asks for your password only.")).toBeVisible();
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await page.getByLabel("Your password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  const key = (await page.getByTestId("two-factor-key").textContent())?.replaceAll(/\s/g, "") ?? "";
  await page.getByLabel("3. Enter the 6-digit code the app shows").fill(await totp(key));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("On: sign-in asks for a code from your authenticator app.")).toBeVisible();

  const newCodes = page.getByRole("form", { name: "New recovery codes" });
  await newCodes.getByLabel("Your password").fill(DEMO_PASSWORD);
  await newCodes.getByRole("button", { name: "Make new codes" }).click();
  await expect(
    newCodes.getByRole("list", { name: "2. Save your recovery codes" }).getByRole("listitem"),
  ).toHaveCount(10);
  expect(await axeAudit.violationsOn(page)).toEqual([]);

  const turnOff = page.getByRole("form", { name: "Turn off two-factor sign-in" });
  await turnOff.getByLabel("Your password").fill("not-my-password");
  await turnOff.getByLabel("Code from your authenticator app").fill(await totp(key, 1));
  await turnOff.getByRole("button", { name: "Turn off" }).click();
  await expect(turnOff.getByRole("alert")).toBeVisible();
  // The code refused with the wrong password is given back: the same one turns it off.
  await turnOff.getByLabel("Your password").fill(DEMO_PASSWORD);
  await turnOff.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText("Off: sign-in asks for your password only.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Set up two-factor sign-in" })).toBeVisible();
});
