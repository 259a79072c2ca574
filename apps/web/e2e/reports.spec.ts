import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { DEMO, signInToHome } from "./support";

test("an admin reads the patients overview by week and downloads it as CSV", async ({ page }) => {
  await signInToHome(page, DEMO.admin);
  await page.goto("/reports");
  await expect(page.getByRole("heading", { name: "Patients overview" })).toBeVisible();
  const table = page.getByRole("table", { name: "Patients overview" });
  // Twelve weeks, the last one this week: its planned activities of the demo plan, none done yet.
  await expect(table.locator("tbody tr")).toHaveCount(12);
  await expect(table.locator("tbody tr").last()).toContainText("0%");
  await expect(page.getByRole("figure", { name: "Adherence and average error by week" })).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^patients-overview-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await file.path(), "utf8")).replace(/^\uFEFF/, "").split("\r\n");
  expect(csv[0]).toBe("week,active_patients,planned,done,adherence,recordings,average_error_degrees");
  expect(csv).toHaveLength(13);
  // The demo patient's analysed recordings of the last two weeks are in it.
  expect(csv.slice(1).reduce((n, line) => n + Number(line.split(",")[5]), 0)).toBeGreaterThanOrEqual(5);
});
