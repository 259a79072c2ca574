import { expect, test } from "./fixtures";
import {
  continueOnceReferenceReady,
  fakeCamera,
  pressIfShown,
  recordInSet,
  waitWhileMoving,
} from "./recording";
import { chooseOption, DEMO, signInToHome } from "./support";

// Jordan Lee is on the demo provider's roster and records nothing in any other spec.
const PATIENT = { email: "jordan.lee@fizio.test", name: "Jordan Lee" };
// Unique per run, so the spec can run again against a stack that is still up.
const RUN = `${Date.now() % 1_000_000}`;
const TEMPLATE = `Elbow ROM ${RUN}`;
const NAME = `Elbow range ${RUN}`;
const DEGREES = /\d+(\.\d)?°/;

test.use(fakeCamera);

test("a provider makes and gives a range-of-motion assessment, the patient records it, both see the range in degrees", async ({
  page,
  browser,
}) => {
  // Live pose, recording, upload and the worker's analysis, one after the other on a machine others share.
  test.setTimeout(600_000);
  const provider = await browser.newPage();
  await signInToHome(provider, DEMO.provider);

  // The template: a range-of-motion assessment names the ROM videos to record instead of asking questions.
  await provider.goto("/templates/assessments");
  await provider.getByRole("button", { name: "New assessment template" }).click();
  const editor = provider.getByRole("dialog");
  await editor.getByLabel("Name", { exact: true }).fill(TEMPLATE);
  await editor.getByLabel("Kind").selectOption({ label: "Range of motion" });
  await expect(editor.getByRole("region", { name: "Question 1" })).toBeHidden();
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor.getByText("A range-of-motion measurement needs a ROM video")).toBeVisible();
  await editor.getByRole("button", { name: "Add movement" }).click();
  const picker = editor.getByRole("region", { name: "Movement 1" }).getByLabel("ROM video");
  // Only ROM groups' videos are offered; the seeded one may still be processing (its status beside its name).
  await expect(picker.locator("option", { hasText: "Elbow flexion" })).toHaveCount(0);
  const video = picker.locator("option", { hasText: "Elbow range, front view" });
  await picker.selectOption((await video.getAttribute("value")) ?? "");
  // Saved once the worker has processed the video (FIZ230 until then), so the patient can record it.
  await expect(async () => {
    if (await editor.isVisible()) await editor.getByRole("button", { name: "Save" }).click();
    await expect(editor).toBeHidden();
  }).toPass({ timeout: 180_000, intervals: [3_000] });
  const templateRow = provider.getByRole("row").filter({ hasText: TEMPLATE });
  await expect(templateRow).toContainText("Range of motion");
  await expect(templateRow).toContainText("Movements: 1");

  await provider.goto("/roster");
  await provider.getByRole("button", { name: `Plans of ${PATIENT.name}` }).click();
  const plans = provider.getByRole("dialog", { name: `Treatment plans: ${PATIENT.name}` });
  await chooseOption(provider, plans.getByLabel("Assessment template"), TEMPLATE);
  await plans.getByLabel("Name the patient sees (optional)").fill(NAME);
  await plans.getByRole("button", { name: "Assign" }).click();
  await expect(provider.getByText("The assessment was assigned.")).toBeVisible();

  // The patient opens it from /assessments: one movement to record with the camera.
  await signInToHome(page, PATIENT.email);
  await page.goto("/assessments");
  const item = page.getByRole("listitem").filter({ hasText: NAME });
  await expect(item).toContainText("Movements to record: 1");
  await item.getByRole("button", { name: `Record: ${NAME}` }).click();
  await expect(page.getByText("Not recorded yet")).toBeVisible();
  await page.getByRole("button", { name: "Record Elbow range, front view" }).click();

  // The activity-session flow: until the worker has processed the ROM video, starting answers FIZ230.
  const flow = page.getByRole("dialog");
  await expect(flow.getByLabel("Camera preview")).toBeVisible();
  await continueOnceReferenceReady(flow, 180_000);
  await flow.getByRole("button", { name: "I'm ready" }).click();

  // Recording: three reps of the figure's elbow, counted live; the set ends by itself or by hand.
  await expect(flow.getByText("Recording", { exact: true })).toBeVisible({ timeout: 90_000 });
  const finish = flow.getByRole("button", { name: "Finish set" });
  const saving = flow.getByRole("progressbar", { name: "Recording saved on this device" });
  const feedback = flow.getByRole("heading", { name: "How did it go?" });
  if (await finish.isVisible()) {
    await recordInSet(page, finish, 4);
    await pressIfShown(finish);
  }
  await expect(saving.or(feedback).first()).toBeVisible({ timeout: 60_000 });
  await waitWhileMoving(saving, feedback, 30_000);
  const upload = flow.getByRole("progressbar", { name: "Recording upload" });
  await waitWhileMoving(upload, upload.and(flow.locator('[aria-valuenow="100"]')), 60_000);
  await flow.getByRole("button", { name: "Back to the assessment" }).click();

  // Recorded: the assessment is submitted, and the elbow's range appears in degrees once the worker measured it.
  const movement = page.getByRole("list", { name: "Range of motion" }).getByRole("listitem");
  await expect(movement.getByText(/^Measured /)).toBeVisible({ timeout: 240_000 });
  await expect(movement.getByRole("definition")).toContainText(DEGREES);
  await expect(movement.getByRole("term")).toHaveText("Elbow (Left)");
  await expect(movement).toContainText("First measurement");
  const measured = (await movement.getByRole("definition").textContent())?.match(DEGREES)?.[0];

  // The provider sees the same range in the patient's assessment records.
  await provider.goto("/records/assessments");
  await provider.getByLabel("Search by patient or name").fill(NAME);
  const row = provider.getByRole("row").filter({ hasText: NAME });
  await expect(row).toContainText("Range of motion");
  await expect(row).toContainText("Submitted");
  await expect(row.getByRole("term")).toHaveText("Elbow (Left)");
  await expect(row.getByRole("definition")).toContainText(measured ?? "°");
  await provider.close();
});
