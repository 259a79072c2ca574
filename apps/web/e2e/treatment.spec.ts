import { expect, type Page, test } from "./fixtures";
import { DEMO, signInToHome, uniqueEmail } from "./support";

// Jordan Lee is on the demo provider's roster without a current plan, so the plan below can go live.
const PATIENT = { email: "jordan.lee@fizio.test", name: "Jordan Lee" };
const TEMPLATE = "Knee rehab: phase 1";

test("a provider builds a plan from a template and the patient sees its activities on /to-do", async ({
  browser,
}) => {
  const provider = await browser.newPage();
  await signInToHome(provider, DEMO.provider);
  await provider.goto("/roster");
  await provider.getByRole("button", { name: `Plans of ${PATIENT.name}` }).click();
  const dialog = provider.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: `Treatment plans: ${PATIENT.name}` })).toBeVisible();

  await dialog.getByLabel("Plan template").click();
  await provider.getByRole("option", { name: TEMPLATE }).click();
  await dialog.getByRole("button", { name: "Create plan" }).click();
  await expect(dialog.getByText("Draft")).toBeVisible();
  await dialog.getByRole("button", { name: "Make current" }).click();
  await expect(dialog.getByText("Current", { exact: true })).toBeVisible();
  await provider.close();

  const patient = await browser.newPage();
  await signInToHome(patient, PATIENT.email);
  await patient.goto("/to-do");
  await expect(patient.getByText(TEMPLATE)).toBeVisible();
  await expect(patient.getByRole("heading", { name: /Session 1 of \d+/ })).toBeVisible();
  await expect(patient.getByRole("heading", { name: "Heel slides" })).toBeVisible();
  await patient.close();
});

/** Answers whatever the seeded intake asks, question by question, with the input each question shows. */
async function answerIntake(page: Page) {
  const progress = page.getByText(/^Question (\d+) of (\d+)$/);
  for (;;) {
    const [, current, total] = (await progress.textContent())?.match(/(\d+) of (\d+)/) ?? [];
    const question = page.locator("fieldset").first();
    if (await question.locator("textarea").count()) await question.locator("textarea").fill("Stiff knee");
    else if (await question.getByRole("spinbutton").count()) await question.getByRole("spinbutton").fill("3");
    else if (await question.locator("input[type=date]").count())
      await question.locator("input[type=date]").fill("2026-01-10");
    else if (await question.getByRole("radio").count()) await question.getByRole("radio").first().check();
    else if (await question.getByRole("checkbox").count())
      await question.getByRole("checkbox").first().click();
    if (current === total) {
      await page.getByRole("button", { name: "Submit" }).click();
      return;
    }
    await page.getByRole("button", { name: "Next" }).click();
    await expect(progress).toHaveText(`Question ${Number(current) + 1} of ${total}`);
  }
}

test("a new patient completes the intake assessment, then sees the plan's activities on /to-do", async ({
  browser,
}) => {
  const email = uniqueEmail("intake.patient");
  const lastName = `Intake${Date.now() % 1_000_000}`;
  const patient = await browser.newPage();
  await patient.goto("/self-registration");
  await patient.getByLabel("First name").fill("Casey");
  await patient.getByLabel("Last name").fill(lastName);
  await patient.getByLabel("Email", { exact: true }).fill(email);
  await patient.getByLabel("Confirm email").fill(email);
  await patient.getByLabel("Password", { exact: true }).fill("Stretch#2026");
  await patient.getByLabel("Confirm password").fill("Stretch#2026");
  await patient.getByLabel("Date of birth").fill("1988-03-09");
  await patient.getByRole("button", { name: "Create account" }).click();
  await patient.getByTestId("terms-scroll").evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
  await patient.getByRole("button", { name: "Agree" }).click();

  await expect(patient.getByRole("heading", { name: "Your intake assessment" })).toBeVisible();
  await answerIntake(patient);
  await expect(patient).toHaveURL(/\/home$/);
  await patient.goto("/to-do");
  await expect(patient.getByText("No treatment plan yet")).toBeVisible();

  // Self-registered patients join the default provider's roster.
  const provider = await browser.newPage();
  await signInToHome(provider, DEMO.provider);
  await provider.goto("/roster");
  await provider.getByLabel("Search patients by name or email").fill(lastName);
  await provider.getByRole("button", { name: `Plans of Casey ${lastName}` }).click();
  const dialog = provider.getByRole("dialog");
  await dialog.getByLabel("Plan template").click();
  await provider.getByRole("option", { name: "Low back pain programme" }).click();
  await dialog.getByRole("button", { name: "Create plan" }).click();
  await dialog.getByRole("button", { name: "Make current" }).click();
  await expect(dialog.getByText("Current", { exact: true })).toBeVisible();
  await provider.close();

  await patient.reload();
  await expect(patient.getByText("Low back pain programme")).toBeVisible();
  await expect(patient.getByRole("heading", { name: "Pelvic tilts" })).toBeVisible();
  await expect(patient.getByRole("heading", { name: "Cat-camel" })).toBeVisible();
  await patient.close();
});
