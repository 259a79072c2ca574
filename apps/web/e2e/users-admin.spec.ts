import { expect, test } from "./fixtures";
import { DEMO, signInToHome } from "./support";

test("an admin creates a provider and a patient, and edits a patient to Needs referral, who is then told so", async ({
  browser,
}) => {
  const page = await browser.newPage();
  await signInToHome(page, DEMO.admin);
  // Unique per run: a retry shares the database with the first attempt.
  const run = Date.now() % 1_000_000;

  await page.goto("/users/providers");
  await page.getByRole("button", { name: "Add provider" }).click();
  const providerForm = page.getByRole("dialog", { name: "New provider" });
  await providerForm.getByLabel("First name").fill("Nora");
  await providerForm.getByLabel("Last name").fill(`Park ${run}`);
  await providerForm.getByLabel("Email").fill(`nora.${run}@fizio.test`);
  await providerForm.getByRole("button", { name: "Save" }).click();
  // A provider needs a location (FIZ025): said at the field, nothing created.
  await expect(providerForm.getByText("The provider needs at least one location")).toBeVisible();
  await providerForm.getByLabel("Location").fill("Main clinic");
  await providerForm.getByLabel("NPI").fill("1234567890");
  await providerForm.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`nora.${run}@fizio.test receives an email to set a password`)).toBeVisible();
  await expect(page.getByRole("cell", { name: `Nora Park ${run}`, exact: true })).toBeVisible();

  await page.goto("/users/patients");
  await page.getByRole("button", { name: "Add patient" }).click();
  const patientForm = page.getByRole("dialog", { name: "New patient" });
  await patientForm.getByLabel("First name").fill("Ivy");
  await patientForm.getByLabel("Last name").fill(`Stone ${run}`);
  await patientForm.getByLabel("Email").fill(`ivy.${run}@fizio.test`);
  await patientForm.getByLabel("Treating provider").click();
  await page.getByRole("option", { name: `Nora Park ${run}` }).click();
  await patientForm.getByLabel("Primary diagnosis").fill("Pain in right knee");
  // A diagnosis code must have the ICD-10-CM shape (FIZ006), said at the field.
  await patientForm.getByLabel("Diagnosis code (ICD-10-CM)").fill("25561");
  await patientForm.getByRole("button", { name: "Save" }).click();
  await expect(patientForm.getByText("The format is not valid")).toBeVisible();
  await patientForm.getByLabel("Diagnosis code (ICD-10-CM)").fill("m25.561");
  await patientForm.getByRole("button", { name: "Save" }).click();
  await expect(patientForm).toBeHidden();

  // Marcus Brown now needs a referral.
  await page.getByLabel("Search by name or email").fill("marcus");
  await page.getByRole("button", { name: "Actions for Marcus Brown" }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Marcus Brown" });
  await expect(edit.getByLabel("First name")).toHaveValue("Marcus");
  await edit.getByLabel("Access").click();
  await page.getByRole("option", { name: "Needs referral" }).click();
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The changes were saved.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Marcus Brown" })).toContainText("Needs referral");

  // Nora treats Ivy now: deleting her asks who takes Ivy over, then deletes.
  await page.goto("/users/providers");
  const actions = page.getByRole("button", { name: `Actions for Nora Park ${run}` });
  await actions.click();
  await page.getByRole("menuitem", { name: "Disable" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Disable" }).click();
  await expect(page.getByText(`Nora Park ${run} was disabled.`)).toBeVisible();
  await actions.click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const deletion = page.getByRole("alertdialog");
  await expect(deletion).toContainText("still has patients (1) and open plans (0)");
  await deletion.getByLabel("Reassign to").click();
  await page.getByRole("option", { name: "Sam Rivera" }).click();
  await deletion.getByRole("button", { name: "Reassign and delete" }).click();
  await expect(page.getByText(`Nora Park ${run} was deleted.`)).toBeVisible();
  await expect(page.getByRole("cell", { name: `Nora Park ${run}`, exact: true })).toHaveCount(0);

  // Nothing in the record names Nora any more: among deleted users, she can be expunged for good.
  await page.getByLabel("Show deleted users").check();
  await page.getByRole("button", { name: `Actions for Nora Park ${run}` }).click();
  await page.getByRole("menuitem", { name: "Expunge" }).click();
  const expunge = page.getByRole("alertdialog");
  await expect(expunge).toContainText("This cannot be undone");
  await expunge.getByRole("button", { name: "Expunge" }).click();
  await expect(page.getByText(`Nora Park ${run} was expunged.`)).toBeVisible();
  await expect(page.getByRole("cell", { name: `Nora Park ${run}`, exact: true })).toHaveCount(0);
  await page.close();

  const patient = await browser.newPage();
  await signInToHome(patient, "marcus.brown@fizio.test");
  await expect(patient.getByRole("dialog", { name: "Referral needed" })).toBeVisible();
  await patient.close();
});
