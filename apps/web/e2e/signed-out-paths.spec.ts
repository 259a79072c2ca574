import { expect, type Page, test } from "./fixtures";
import { DEMO, DEMO_PASSWORD } from "./support";

/**
 * The page still answers: a script runs and a screenshot is taken. A tab whose main thread is stuck in a
 * loop answers neither, so each is given a bound of its own instead of the test's whole timeout.
 */
async function expectResponsive(page: Page) {
  const answered = page.evaluate(() => document.readyState);
  const silence = new Promise<"no answer">((resolve) => setTimeout(() => resolve("no answer"), 15_000));
  expect(await Promise.race([answered, silence])).toBe("complete");
  await page.screenshot({ timeout: 15_000 });
}

async function signInHere(page: Page, email: string) {
  await page.getByLabel("Username (email)").fill(email);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("signed out, an unknown path leads to sign-in, and back to the not-found page after it", async ({
  page,
}) => {
  await page.goto("/foo");
  await expect(page).toHaveURL(/\/login\?redirect=%2Ffoo$/);
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expectResponsive(page);

  await signInHere(page, DEMO.patient);
  await expect(page).toHaveURL(/\/foo$/);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expectResponsive(page);
});

test("signed out, an invitation's address opens without signing in (guests have no account) and says when it is unknown", async ({
  page,
}) => {
  for (const invitation of [
    "/invitations/00000000-0000-0000-0000-000000000000",
    "/invitations/provider/00000000-0000-0000-0000-000000000000",
    "/invitations/not-an-id",
  ]) {
    await page.goto(invitation);
    await expect(page).toHaveURL(invitation);
    await expect(page.getByText("Event invitation not found")).toBeVisible();
    await expectResponsive(page);
  }
  // A guest's own link, forged: it stays where it is and says the invitation is not valid.
  const forged = "/invitations/guest/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
  await page.goto(forged);
  await expect(page).toHaveURL(forged);
  await expect(page.getByText("This guest invitation is not valid")).toBeVisible();
  await expectResponsive(page);
});
