import { expect, test } from "./fixtures";
import { mailboxLink, signInToHome } from "./support";

/** A seeded patient no other test signs in as, so changing the password here disturbs nothing. */
const EMAIL = "priya.shah@fizio.test";

test("password recovery end to end through the dev mailbox; the link works once", async ({
  page,
  browser,
}) => {
  const newPassword = `Recover#${Date.now()}`;

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot Password" }).click();
  // The recovery page loads its own code: until it shows, "Email" would also match the login form's field.
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(EMAIL);
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account exists, we sent a link");
  await expect(page.getByRole("link", { name: "Back to login" })).toBeVisible();

  const href = await mailboxLink(browser, EMAIL, /create-new-password/);
  const token = decodeURIComponent(new URL(href).pathname.split("/").at(-1) ?? "");
  const apiCalls: { method: string; url: string }[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/")) {
      apiCalls.push({ method: request.method(), url: request.url() });
    }
  });
  await page.goto(href);

  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  // The token is checked by POST: no API URL (the kind proxies log) carries it. Playwright's request event can
  // reach the test after the form has shown (a busy machine showed it), so the check waits for it.
  await expect
    .poll(() => apiCalls)
    .toContainEqual({ method: "POST", url: expect.stringContaining("auth.checkRecoveryToken") });
  expect(apiCalls.filter((call) => call.url.includes(token))).toEqual([]);
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Your password was changed. Sign in with your new password.")).toBeVisible();

  await signInToHome(page, EMAIL, newPassword);

  const path = new URL(href).pathname;
  await page.goto(path);
  await expect(page.getByText("This link has already been used or is expired")).toBeVisible();
});
