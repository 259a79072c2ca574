import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { chooseOption, DEMO, signInToHome } from "./support";

test("an admin finds who read a patient's record in the audit trail and exports it", async ({ page }) => {
  await signInToHome(page, DEMO.admin);
  // Reading the record is what the trail must show.
  await page.goto("/records/medical-history");
  await chooseOption(page, page.getByLabel("Patient", { exact: true }), "Alex Morgan");
  await expect(page.getByRole("button", { name: "Add an entry" })).toBeVisible();

  await page.goto("/audit");
  await chooseOption(page, page.getByLabel("Patient", { exact: true }), "Alex Morgan");
  await page.getByLabel("User's email").fill("admin@");
  await expect(page).toHaveURL(/actor=admin/);
  const row = page
    .getByRole("table", { name: "Audit" })
    .getByRole("row")
    .filter({ hasText: "Viewed a medical history" })
    .first();
  await expect(row).toContainText("admin@fizio.test");
  await expect(row).toContainText("Alex Morgan");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = (await readFile(await (await download).path(), "utf8")).replace(/^\uFEFF/, "").split("\r\n");
  expect(csv[0]).toBe("time,user,action,record_type,record,whom,where");
  expect(
    csv.some((line) => line.includes("records.medicalHistory.read") && line.includes("Alex Morgan")),
  ).toBe(true);
});

test("an admin reads the system log: the analysis worker's start and their own sign-in", async ({ page }) => {
  await signInToHome(page, DEMO.admin);
  await page.goto("/audit/system-log");
  await expect(page.getByRole("row").filter({ hasText: "Signed in" }).first()).toBeVisible();
  await page.getByLabel("Kind").click();
  await page.getByRole("option", { name: "Worker" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Analysis worker started" }).first()).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Signed in" })).toHaveCount(0);
});
