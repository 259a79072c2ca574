import { expect, test } from "@playwright/test";
import { DEMO, signInToHome } from "./support";

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
