import { expect, test } from "./fixtures";
import { DEMO, signInToHome } from "./support";

test("a patient adds a medication; the provider sees it, writes a case note, signs it and adds an addendum", async ({
  browser,
}) => {
  const run = Date.now();
  const medication = `Naproxen ${run}`;
  const patient = await (
    await browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true })
  ).newPage();
  await signInToHome(patient, DEMO.patient);
  await patient.goto("/medical-history");
  await patient.getByRole("button", { name: "Add an entry" }).click();
  const dialog = patient.getByRole("dialog", { name: "Add an entry" });
  await dialog.getByLabel("Name", { exact: true }).fill(medication);
  await dialog.getByRole("button", { name: "Save" }).click();
  // What a medication needs is said field by field.
  await expect(dialog.getByText("This field is required")).toHaveCount(2);
  await dialog.getByLabel("Dose", { exact: true }).fill("250 mg");
  await dialog.getByLabel("Frequency", { exact: true }).fill("Twice a day");
  await dialog.getByLabel("Prescribed by", { exact: true }).fill("Dr. Lee");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const current = patient.getByRole("region", { name: "Current" });
  await expect(current.getByText(medication)).toBeVisible();
  await expect(current.getByText("250 mg · Twice a day · Prescribed by: Dr. Lee")).toBeVisible();
  await patient.close();

  const provider = await (await browser.newContext()).newPage();
  await signInToHome(provider, DEMO.provider);
  await provider.goto("/records/medical-history");
  await provider.getByLabel("Patient", { exact: true }).selectOption({ label: "Alex Morgan" });
  await expect(provider.getByRole("region", { name: "Current" }).getByText(medication)).toBeVisible();

  await provider.goto("/records/case-notes");
  await provider.getByLabel("Patient", { exact: true }).selectOption({ label: "Alex Morgan" });
  await provider.getByRole("button", { name: "New case note" }).click();
  const note = provider.getByRole("dialog", { name: "New case note" });
  await note.getByLabel("Subjective").fill(`Knee pain 3/10 on stairs (${run}); takes ${medication}.`);
  await note.getByLabel("Plan").fill("Continue heel slides; add mini squats.");
  await note.getByRole("button", { name: "Save" }).click();
  await expect(note).toBeHidden();
  const card = provider.getByRole("listitem").filter({ hasText: String(run) });
  await expect(card.getByText("Draft")).toBeVisible();
  await card.getByRole("button", { name: "Sign" }).click();
  await provider
    .getByRole("alertdialog", { name: "Sign this note?" })
    .getByRole("button", { name: "Sign" })
    .click();
  await expect(card.getByText(/^Signed by Sam Rivera, DPT on /)).toBeVisible();
  await expect(card.getByRole("button", { name: "Edit case note" })).toHaveCount(0);
  await card.getByRole("button", { name: "Add an addendum" }).click();
  const addendum = provider.getByRole("dialog", { name: "Addendum" });
  await addendum.getByLabel("Assessment").fill(`Flexion 115° (${run}).`);
  await addendum.getByRole("button", { name: "Save" }).click();
  await expect(provider.getByText(`Flexion 115° (${run}).`)).toBeVisible();
  await expect(provider.getByRole("heading", { name: /^Addendum to the note of / }).first()).toBeVisible();
});
