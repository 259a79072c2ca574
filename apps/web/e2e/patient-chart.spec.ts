import { expect, type Page, test } from "./fixtures";
import { chooseOption, DEMO, mainNav, signInToHome } from "./support";

// Priya Shah is on the demo provider's roster; the plans made here are named per run, so no other spec sees them.
const PATIENT = "Priya Shah";
const TEMPLATE = "Knee rehab: phase 1";

const isoDay = (offset: number) => {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
};

async function openChartFromRoster(page: Page) {
  await page.goto("/roster");
  await page.getByLabel("Search patients by name or email").fill(PATIENT);
  // The search narrows the list first: clicking while it re-renders could land on a row being replaced.
  await expect(page.getByText("1-1 of 1 items")).toBeVisible();
  await page.getByRole("link", { name: `Open the chart of ${PATIENT}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: PATIENT })).toBeVisible();
  await expect(page.getByText("Adherence this week")).toBeVisible();
}

/** Each record area of the chart keeps the patient: the path names them and the header stays theirs. */
async function switchAreas(page: Page) {
  const areas = page.getByRole("navigation", { name: "Record areas" });
  const patientPath = new URL(page.url()).pathname;
  for (const [tab, area] of [
    ["Case Notes", "case-notes"],
    ["Documents", "documents"],
    ["Sessions", "sessions"],
    ["Treatment Plans", "treatment-plans"],
  ] as const) {
    await areas.getByRole("link", { name: tab }).click();
    await expect(page).toHaveURL(new RegExp(`${patientPath}\\?area=${area}$`));
    await expect(areas.getByRole("link", { name: tab })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { level: 1, name: PATIENT })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: tab, exact: true })).toBeVisible();
  }
}

test("a provider opens a patient's chart from the roster, works through its areas and progresses a plan in one save", async ({
  page,
}) => {
  await signInToHome(page, DEMO.provider);
  await openChartFromRoster(page);
  await switchAreas(page);

  // A plan of six sessions from four days ago: sessions 1 and 2 are past, 3 is today, 4 to 6 are ahead.
  await page.getByLabel("Plan template").click();
  await page.getByRole("option", { name: TEMPLATE }).click();
  await page.getByLabel("Start date").fill(isoDay(-4));
  await page.getByRole("button", { name: "Create plan" }).click();
  await expect(page.getByText("The treatment plan was created.")).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: TEMPLATE }).first();

  await row.getByRole("button", { name: `Progress ${TEMPLATE}` }).click();
  const dialog = page.getByRole("dialog", { name: "Progress" });
  await dialog.getByLabel("Activity", { exact: true }).selectOption({ label: "Heel slides" });
  const from = dialog.getByLabel("Change");
  // Session 4 is the first one ahead (in three days); its option also names its date.
  const fourth = await from.locator("option", { hasText: "From session 4 on" }).getAttribute("value");
  await from.selectOption(fourth ?? "");
  await dialog.getByLabel("Reps").fill("15");
  await expect(dialog.getByText("3 sessions will change.")).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().includes("plans.progress"));
  await dialog.getByRole("button", { name: "Save progression" }).click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByText("Progressed: 3 sessions changed. The patient was notified.")).toBeVisible();
  await expect(dialog).toBeHidden();

  // The plan shows the new reps from session 4 on and the old ones before; the library activity names its entry.
  await row.getByRole("button", { name: `Open ${TEMPLATE}` }).click();
  const editor = page.getByRole("dialog", { name: `Treatment plan: ${TEMPLATE}` });
  const heelSlides = (session: number) =>
    editor.getByRole("region", { name: `Session ${session}` }).getByRole("region", { name: "Activity 2" });
  for (const [session, reps] of [
    [1, "10"],
    [2, "10"],
    [3, "10"],
    [4, "15"],
    [5, "15"],
    [6, "15"],
  ] as const) {
    await expect(heelSlides(session).getByLabel("Repetitions")).toHaveValue(reps);
  }
  await expect(heelSlides(4).getByLabel("From the text activities")).toHaveValue(/.+/);
  await expect(heelSlides(4).getByLabel("From the text activities").locator("option:checked")).toHaveText(
    "Heel slides",
  );
});

test("records by area keep the chosen patient from one area to the next", async ({ page }) => {
  await signInToHome(page, DEMO.provider);
  await page.goto("/records/sessions");
  await chooseOption(page, page.getByLabel("Patient", { exact: true }), "Alex Morgan");
  await expect(page).toHaveURL(/\/records\/sessions\?patient=/);
  const patient = new URL(page.url()).searchParams.get("patient");
  await mainNav(page).getByRole("link", { name: "Case Notes" }).click();
  await expect(page).toHaveURL(new RegExp(`/records/case-notes\\?patient=${patient}$`));
  await expect(page.getByLabel("Patient", { exact: true })).toHaveText("Alex Morgan");
  await mainNav(page).getByRole("link", { name: "Treatment Plans" }).click();
  await expect(page).toHaveURL(new RegExp(`/records/treatment-plans\\?patient=${patient}$`));
  await mainNav(page).getByRole("link", { name: "Documents" }).click();
  await expect(page.getByLabel("Patient", { exact: true })).toHaveText("Alex Morgan");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test("the chart opens from the roster and its areas keep the patient", async ({ page }) => {
    await signInToHome(page, DEMO.provider);
    await openChartFromRoster(page);
    await switchAreas(page);
  });
});

test("the home figures say what they count", async ({ page }) => {
  await signInToHome(page, DEMO.provider);
  await expect(page.getByText("Patients assigned to you, whatever their plan.")).toBeVisible();
  await expect(page.getByText("Messages to you that you have not opened.")).toBeVisible();
});

test("the admin's figures say what they count, active patients included", async ({ page }) => {
  await signInToHome(page, DEMO.admin);
  await expect(
    page.getByText("Patients who completed a plan activity or sent a recording this week."),
  ).toBeVisible();
  await expect(page.getByText("Patients of this organization, whatever their access status.")).toBeVisible();
});
