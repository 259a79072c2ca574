import { type Browser, expect, type Page, test } from "./fixtures";
import { DEMO, signInToHome } from "./support";

/**
 * The demo seed gives patient@fizio.test (Alex Morgan) eight weeks of analysed "Mini squat" recordings (32, five of
 * them in the last two weeks) and one whose analysis failed, two days ago. Other specs record "Elbow curls" for the
 * same patient meanwhile, so these look at the Mini squat rows; lists show 20 a page.
 */
const PATIENT_NAME = "Alex Morgan";

async function openAs(browser: Browser, email: string, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await signInToHome(page, email);
  return page;
}

const rows = (page: Page) =>
  page.getByRole("table", { name: /Recordings|Past Activity/ }).locator("tbody tr");
const squats = (page: Page) => rows(page).filter({ hasText: "Mini squat" });
const jointLegend = (page: Page) =>
  page.getByRole("figure", { name: "Progress per joint" }).locator(".recharts-legend-wrapper");

test("a patient's home shows points, average error, plan progress, what is next, schedule and timeline", async ({
  browser,
}) => {
  const page = await openAs(browser, DEMO.patient);
  await expect(page.getByText("System points")).toBeVisible();
  await expect(
    page.getByText(/^How far your last 5 recordings were from your therapist's movement/),
  ).toBeVisible();
  await expect(page.getByText(/^\d+ of \d+ activities done$/)).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Treatment plan progress" })).toBeVisible();
  await expect(page.getByText(/Session \d+ is open today|Session \d+ on /)).toBeVisible();
  await expect(page.getByRole("list", { name: "Schedule" }).getByRole("listitem")).toHaveCount(6);
  await expect(page.getByRole("list", { name: "Recent activity" })).toContainText("Recorded: Mini squat");
  await page.getByRole("link", { name: "See your results" }).click();
  await expect(page).toHaveURL(/\/past-activity$/);
  await page.context().close();
});

test("a patient sees joint progress, compares original and processed, with errors per joint and per repetition", async ({
  browser,
}) => {
  const page = await openAs(browser, DEMO.patient);
  await page.goto("/past-activity");
  await expect(page.getByText(/^1-\d+ of \d+ items$/)).toBeVisible();
  await expect(jointLegend(page)).toContainText("Knee (Left)");
  await expect(jointLegend(page)).toContainText("Hip (Left)");
  // The same chart plots the range of motion each joint reached, without the overall error line.
  await page.getByRole("button", { name: "Range of motion" }).click();
  await expect(page.getByRole("button", { name: "Range of motion" })).toHaveAttribute("aria-pressed", "true");
  const ranges = page.getByRole("figure", { name: "Progress per joint: Range of motion" });
  await expect(ranges.locator(".recharts-legend-wrapper")).toContainText("Knee (Left)");
  await expect(ranges.locator(".recharts-legend-wrapper")).not.toContainText("Overall");
  await page.getByRole("button", { name: "Average error" }).click();
  await expect(squats(page).first()).toContainText("9.2°");
  // The number says what it means beside it.
  await expect(squats(page).first()).toContainText("from your therapist's movement; lower is better");
  await expect(squats(page).nth(1)).toContainText("Failed");

  await squats(page).first().getByRole("button").click();
  await expect(page.getByRole("heading", { name: /^Mini squat on / })).toBeVisible();
  await expect(page.getByText("Completed", { exact: true })).toBeVisible();
  // The demo's original and annotated videos are stored (the local stack gives them a clip), so both play.
  await expect(page.getByText("Video unavailable")).toHaveCount(0);
  await expect(page.getByRole("figure").filter({ has: page.locator("video") })).toHaveCount(2);
  await expect(page.getByText("9.2°")).toBeVisible();
  const joints = page.getByRole("table", { name: "Errors per joint" });
  await expect(
    // Error, then the range of motion reached (its span, from the smallest to the largest angle), tolerance.
    joints.getByRole("row", { name: /Knee \(Left\) 7\.8° \S+° \S+° to \S+° 10\.0° .*Within tolerance/ }),
  ).toBeVisible();
  await expect(
    joints.getByRole("row", { name: /Hip \(Left\) 10\.6° \S+° \S+° to \S+° 15\.0° .*Within tolerance/ }),
  ).toBeVisible();
  await expect(page.getByRole("list", { name: "What these numbers mean" })).toContainText(
    "Knee (Left): On average your knee was 7.8° from your therapist's movement; under 10.0° is within your target.",
  );
  await expect(
    page.getByRole("figure", { name: "Error per repetition" }).locator(".recharts-line"),
  ).toHaveCount(2);

  await page.getByRole("button", { name: "Back to recordings" }).click();
  await squats(page).nth(1).getByRole("button").click();
  await expect(page.getByRole("alert")).toContainText("The analysis failed");
  await expect(page.getByRole("alert")).toContainText("The uploaded video is damaged and cannot be read.");
  await page.context().close();
});

test("on a 360x640 phone the two videos stack and the joint table fits", async ({ browser }) => {
  const page = await openAs(browser, DEMO.patient, { width: 360, height: 640 });
  await page.goto("/past-activity");
  await squats(page).first().getByRole("button").click();
  const players = page.getByRole("figure").filter({ has: page.locator("video") });
  await expect(players).toHaveCount(2);
  const [first, second] = await players.all();
  const a = await first!.boundingBox();
  const b = await second!.boundingBox();
  expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
  expect(a!.width).toBeLessThanOrEqual(360);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(360);
  await page.context().close();
});

test("a provider searches and filters recordings, re-creates an annotated video, and charts a patient's joints", async ({
  browser,
}) => {
  const page = await openAs(browser, DEMO.provider);
  await page.goto("/content/recordings");
  await page.getByLabel("Search by patient or activity").fill("Mo");
  await expect(page.getByText("Type at least 3 characters").or(page.getByRole("alert"))).toBeVisible();
  await page.getByLabel("Search by patient or activity").fill("squat");
  await expect(page.getByText("1-20 of 33 items")).toBeVisible();
  await expect(rows(page).filter({ hasText: PATIENT_NAME })).toHaveCount(20);
  await page.getByLabel("Analysis status").click();
  await page.getByRole("option", { name: "Failed" }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(PATIENT_NAME);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(rows(page)).toHaveCount(20);

  // An older one: with the worker running, re-rendering a recording without a stored file fails it.
  await rows(page)
    .last()
    .getByRole("button", { name: /^Actions: / })
    .click();
  await page.getByRole("menuitem", { name: "Create annotated video" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Create the annotated video again?");
  await confirm.getByRole("button", { name: "Create video" }).click();
  await expect(page.getByText("The annotated video is being created.")).toBeVisible();

  await page.goto("/records/activity");
  await page.getByLabel("Patient").click();
  await page.getByRole("option", { name: PATIENT_NAME }).click();
  await expect(jointLegend(page)).toContainText("Knee (Left)");
  await expect(squats(page).first()).toBeVisible();
  await page.context().close();
});

test("another organisation's recording is refused with FIZ415's message", async ({ browser }) => {
  const patient = await openAs(browser, DEMO.patient);
  await patient.goto("/past-activity");
  await rows(patient).first().getByRole("button").click();
  await expect(patient).toHaveURL(/recording=/);
  const id = new URL(patient.url()).searchParams.get("recording");
  await patient.context().close();

  const outsider = await openAs(browser, "provider@northside.test");
  await outsider.goto(`/content/recordings?recording=${id}`);
  await expect(outsider.getByText("Access to other organizations' resource denied")).toBeVisible();
  await outsider.context().close();
});
