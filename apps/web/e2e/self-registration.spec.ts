import { expect, type Page, test } from "./fixtures";
import { uniqueEmail } from "./support";

/** Answers whatever the seeded intake asks, question by question, with the input each question shows. */
async function answerIntake(page: Page) {
  const progress = page.getByText(/^Question (\d+) of (\d+)$/);
  for (;;) {
    const [, current, total] = (await progress.textContent())?.match(/(\d+) of (\d+)/) ?? [];
    const question = page.locator("fieldset").first();
    const text = question.locator("textarea");
    const number = question.getByRole("spinbutton");
    const date = question.locator("input[type=date]");
    const radio = question.getByRole("radio");
    const checkbox = question.getByRole("checkbox");
    if (await text.count()) await text.fill("Knee pain after running");
    else if (await number.count()) await number.fill("3");
    else if (await date.count()) await date.fill("2026-01-10");
    else if (await radio.count()) await radio.first().check();
    else if (await checkbox.count()) await checkbox.first().click();
    if (current === total) {
      await page.getByRole("button", { name: "Submit" }).click();
      return;
    }
    await page.getByRole("button", { name: "Next" }).click();
    await expect(progress).toHaveText(`Question ${Number(current) + 1} of ${total}`);
  }
}

test("a new patient registers, reads the terms to the end, agrees, passes onboarding and lands home", async ({
  page,
}) => {
  const email = uniqueEmail("new.patient");
  await page.goto("/login");
  await page.getByRole("link", { name: "New Patient" }).click();
  await expect(page).toHaveURL(/\/self-registration$/);

  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Tester");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Confirm email").fill(email);
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("short");
  await expect(page.locator("li[data-met=false]", { hasText: "At least 8 characters" })).toBeVisible();
  await password.fill("Stretch#2026");
  await expect(page.locator("li[data-met=true]")).toHaveCount(4);
  await page.getByLabel("Confirm password").fill("Stretch#2026");
  await page.getByLabel("Date of birth").fill("1990-04-15");
  await page.getByRole("button", { name: "Create account" }).click();

  // Gate 1: the terms, with Agree disabled until the end of the text has been scrolled into view.
  await expect(page.getByRole("heading", { name: "Terms of Service" })).toBeVisible();
  const agree = page.getByRole("button", { name: "Agree" });
  await expect(agree).toBeDisabled();
  await expect(page.getByText("Scroll to the end of the terms to enable Agree.")).toBeVisible();
  await page.getByTestId("terms-scroll").evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
  await expect(agree).toBeEnabled();
  await agree.click();

  // Gate 2: the organisation's intake assessment, one question at a time.
  await expect(page.getByRole("heading", { name: "Your intake assessment" })).toBeVisible();
  await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("alert")).toHaveText("Add at least one answer");
  await answerIntake(page);
  await expect(page.getByText("Your intake assessment was submitted. Welcome to Fizio!")).toBeVisible();

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { name: "Hello, Robin" })).toBeVisible();
});

test("registering with an email that already has an account is refused", async ({ page }) => {
  await page.goto("/self-registration");
  await page.getByLabel("First name").fill("Alex");
  await page.getByLabel("Last name").fill("Again");
  await page.getByLabel("Email", { exact: true }).fill("patient@fizio.test");
  await page.getByLabel("Confirm email").fill("patient@fizio.test");
  await page.getByLabel("Password", { exact: true }).fill("Stretch#2026");
  await page.getByLabel("Confirm password").fill("Stretch#2026");
  await page.getByLabel("Date of birth").fill("1984-05-12");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("There is already another account that uses provided email")).toBeVisible();
});
