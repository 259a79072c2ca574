import { readFile } from "node:fs/promises";
import type { Download } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO, signInToHome } from "./support";

/** The downloaded CSV's lines, without the byte-order mark. */
async function csvLines(download: Download) {
  return (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "").split("\r\n");
}

test("an admin reads the patients overview by week and downloads it as CSV", async ({ page }) => {
  await signInToHome(page, DEMO.admin);
  await page.goto("/reports");
  await expect(page.getByRole("heading", { name: "Patients overview" })).toBeVisible();
  const table = page.getByRole("table", { name: "Patients overview" });
  // Twelve weeks, the last one this week: the demo plans' activities planned, and how many of them are done.
  await expect(table.locator("tbody tr")).toHaveCount(12);
  await expect(table.locator("tbody tr").last()).toContainText(/\d+% \(\d+\/\d+\)/);
  // The chart's library loads after the page: its drawing replaces the placeholder.
  const chart = page.getByRole("figure", { name: "Adherence and average error by week" });
  await expect(chart.locator("svg.recharts-surface").first()).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^patients-overview-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await csvLines(file);
  expect(csv[0]).toBe("week,active_patients,planned,done,adherence,recordings,average_error_degrees");
  expect(csv).toHaveLength(13);
  // The demo patient's analysed recordings of the last two weeks are in it.
  expect(csv.slice(1).reduce((n, line) => n + Number(line.split(",")[5]), 0)).toBeGreaterThanOrEqual(5);
});

test("an admin opens the recordings report from the reports menu, narrows it to two weeks and downloads it", async ({
  page,
}) => {
  await signInToHome(page, DEMO.admin);
  await page.goto("/reports");
  await page.getByRole("link", { name: "Recordings", exact: true }).click();
  await expect(page).toHaveURL(/\/reports\/recordings/);
  await expect(page).toHaveTitle("Reports · Recordings · Fizio");
  await expect(page.getByRole("heading", { name: "Recordings and analysis failures" })).toBeVisible();
  // Twelve weeks by default; the demo patient's failed recording is listed by its reason.
  await expect(
    page.getByRole("table", { name: "Recordings and analysis failures" }).locator("tbody tr"),
  ).toHaveCount(12);
  await expect(page.getByRole("table", { name: "Failures by reason" }).locator("tbody tr")).not.toHaveCount(
    0,
  );

  const today = new Date();
  const from = new Date(today.getTime() - 13 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("From").fill(from);
  await expect(page).toHaveURL(new RegExp(`from=${from}`));
  const table = page.getByRole("table", { name: "Recordings and analysis failures" });
  await expect(table.getByRole("columnheader", { name: "Day" })).toBeVisible();
  await expect(table.locator("tbody tr")).toHaveCount(14);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^recordings-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await csvLines(file);
  expect(csv[0]).toBe("day,recordings,analysed,failed,in_progress,mean_processing_seconds");
  expect(csv).toHaveLength(15);
  expect(csv[1]!.startsWith(from)).toBe(true);
  // The demo patient's six recordings of the last two weeks, one of them failed.
  const column = (i: number) => csv.slice(1).reduce((n, line) => n + Number(line.split(",")[i]), 0);
  expect(column(1)).toBeGreaterThanOrEqual(6);
  expect(column(3)).toBeGreaterThanOrEqual(1);
});
