import { readFile } from "node:fs/promises";
import type { Frame, Page } from "@playwright/test";
import { pdfText } from "../../../packages/api/test/pdf-text";
import { expect, test } from "./fixtures";
import { chooseOption, DEMO, signInToHome } from "./support";

/**
 * The ids of the health plans a call answered with (`act` makes the call): a saved plan keeps its row. When `act`
 * reloads the page, only an answer to the reloaded page counts: the refetch a save started before the reload is
 * navigated away from, and its body is gone.
 */
async function planIdsFrom(page: Page, procedure: string, act: () => Promise<unknown>, reloads = false) {
  let current = !reloads;
  const onNavigated = (frame: Frame) => {
    if (frame === page.mainFrame()) current = true;
  };
  page.on("framenavigated", onNavigated);
  const answered = page.waitForResponse((r) => current && r.url().includes(procedure) && r.ok());
  await act();
  const response = await answered.finally(() => page.off("framenavigated", onNavigated));
  const batch = new URL(response.url()).pathname.split("/").at(-1)!.split(",");
  const results = (await response.json()) as { result: { data: { json: { id: string }[] } } }[];
  return results[batch.indexOf(procedure)]!.result.data.json.map((p) => p.id);
}

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
  const entry = current.getByRole("listitem").filter({ hasText: medication });
  await expect(entry).toBeVisible();
  await expect(entry.getByText("250 mg · Twice a day · Prescribed by: Dr. Lee")).toBeVisible();
  await patient.close();

  const provider = await (await browser.newContext()).newPage();
  await signInToHome(provider, DEMO.provider);
  await provider.goto("/records/medical-history");
  await chooseOption(provider, provider.getByLabel("Patient", { exact: true }), "Alex Morgan");
  await expect(provider.getByRole("region", { name: "Current" }).getByText(medication)).toBeVisible();

  // The whole record as FHIR R4: the medication is a MedicationStatement of the bundle.
  const fhirDownload = provider.waitForEvent("download");
  await provider.getByRole("button", { name: "Export FHIR record" }).click();
  const fhir = await fhirDownload;
  expect(fhir.suggestedFilename()).toMatch(/^fhir-record-\d{4}-\d{2}-\d{2}\.json$/);
  const bundle = JSON.parse(await readFile(await fhir.path(), "utf8")) as {
    resourceType: string;
    entry: { resource: { resourceType: string; medicationCodeableConcept?: { text: string } } }[];
  };
  expect(bundle.resourceType).toBe("Bundle");
  expect(bundle.entry.some((e) => e.resource.medicationCodeableConcept?.text === medication)).toBe(true);

  await provider.goto("/records/case-notes");
  await chooseOption(provider, provider.getByLabel("Patient", { exact: true }), "Alex Morgan");
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

test("a provider generates a PDF of an assessment and the current plan, and downloads it", async ({
  page,
}) => {
  const name = `Progress report ${Date.now()}`;
  await signInToHome(page, DEMO.provider);
  await page.goto("/records/documents");
  await chooseOption(page, page.getByLabel("Patient", { exact: true }), "Alex Morgan");
  await page.getByRole("button", { name: "New document" }).click();
  const dialog = page.getByRole("dialog", { name: "New document" });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Select at least one assessment or treatment plan")).toBeVisible();
  await dialog.getByLabel("Document name").fill(name);
  await dialog.getByRole("group", { name: "Assessments" }).getByRole("checkbox").first().check();
  await dialog.getByRole("group", { name: "Treatment plans" }).getByRole("checkbox").first().check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("listitem").filter({ hasText: name });
  // Generated by a job in the background; the list refreshes itself until it is ready.
  await expect(row.getByText("Ready")).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent("download");
  await row.getByRole("button", { name: `Download ${name}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${name}.pdf`);
  const text = await pdfText(await readFile(await file.path()));
  expect(text).toContain("Alex Morgan");
  expect(text).toContain(name);
  // Saved, not navigated away.
  await expect(row).toBeVisible();
});

test("a patient records their health plan; without a primary plan the rule says so", async ({ page }) => {
  await signInToHome(page, DEMO.spanishPatient);
  await page.goto("/profile/personal-information");
  const card = page.locator("form").filter({ hasText: "Añadir un plan" });
  // The stored plans load first (a retry finds the last run's): start from none.
  await expect(card.getByRole("button", { name: "Añadir un plan" })).toBeVisible();
  for (const remove of await card.getByRole("button", { name: /^Quitar el plan/ }).all())
    await remove.click();
  await card.getByRole("button", { name: "Añadir un plan" }).click();
  const plan = card.getByRole("region", { name: "Plan 1" });
  await plan.getByLabel("Nombre del plan").fill("Medicaid");
  await plan.getByLabel("ID de miembro").fill("MCD-2231");
  await chooseOption(page, plan.getByLabel("Orden"), "Secundario");
  await plan.getByLabel("Fecha de nacimiento del asegurado").fill("1979-11-03");
  await plan.getByLabel("Fecha de vigencia").fill("2026-01-01");
  await card.getByRole("button", { name: "Guardar planes de salud" }).click();
  await expect(card.getByText("Al menos un plan de salud debe ser primario")).toBeVisible();
  await chooseOption(page, plan.getByLabel("Orden"), "Primario");
  const save = () => card.getByRole("button", { name: "Guardar planes de salud" }).click();
  const saved = await planIdsFrom(page, "records.healthPlans.save", save);
  await expect(page.getByText("Planes de salud guardados").first()).toBeVisible();
  // Saved again from the same form, the plan just added is updated, not added a second time.
  await plan.getByLabel("Grupo").fill("GRP-1");
  expect(await planIdsFrom(page, "records.healthPlans.save", save)).toEqual(saved);
  expect(await planIdsFrom(page, "records.healthPlans.list", () => page.reload(), true)).toEqual(saved);
  await expect(page.getByRole("region", { name: "Plan 1" }).getByLabel("ID de miembro")).toHaveValue(
    "MCD-2231",
  );

  // The admin finds the same plan from the patients list and adds its group number.
  const adminContext = await page.context().browser()!.newContext();
  const admin = await adminContext.newPage();
  await signInToHome(admin, DEMO.admin);
  await admin.goto("/users/patients");
  await admin.getByRole("button", { name: "Actions for Lucía Fernández" }).click();
  await admin.getByRole("menuitem", { name: "Health plans" }).click();
  const dialog = admin.getByRole("dialog", { name: "Health plans of Lucía Fernández" });
  const stored = dialog.getByRole("region", { name: "Plan 1" });
  await expect(stored.getByLabel("Member ID")).toHaveValue("MCD-2231");
  await stored.getByLabel("Group").fill("GRP-77");
  await dialog.getByRole("button", { name: "Save health plans" }).click();
  await expect(admin.getByText("Health plans saved")).toBeVisible();
  await adminContext.close();
  // The admin's form sent the plan back with its id: the same row, so what was billed to it stays linked.
  expect(await planIdsFrom(page, "records.healthPlans.list", () => page.reload(), true)).toEqual(saved);
  await expect(page.getByRole("region", { name: "Plan 1" }).getByLabel("Grupo")).toHaveValue("GRP-77");
});
