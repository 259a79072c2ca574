import { expect, test } from "./fixtures";
import {
  continueOnceReferenceReady,
  fakeCamera,
  pressIfShown,
  recordInSet,
  waitWhileMoving,
} from "./recording";
import { chooseOption, DEMO, signInToHome } from "./support";

// One at a time: each runs MoveNet live, and two at once starve each other on a small machine.
test.describe.configure({ mode: "serial" });

test.use(fakeCamera);

test("a patient sets up, is seen live, records an activity, gives feedback and the recording uploads", async ({
  page,
}) => {
  // Live pose, recording, upload and the worker's analysis, one after the other on a machine others share.
  test.setTimeout(600_000);
  const internet: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["127.0.0.1", "localhost"].includes(url.hostname) && url.protocol.startsWith("http"))
      internet.push(request.url());
  });

  await signInToHome(page, DEMO.patient);
  await page.goto("/to-do");
  // The demo plan's video activity, measured against the elbow flexion the worker processes on start-up.
  await page.getByRole("button", { name: "Start activity: Elbow curls" }).click();
  await expect(page).toHaveURL(/\/to-do\?activity=/);

  // Screen 1: devices, remembered, and the camera's preview.
  const flow = page.getByRole("dialog");
  await expect(flow.getByLabel("Camera", { exact: true })).toHaveValue(/.+/);
  await expect(flow.getByLabel("Camera preview")).toBeVisible();
  await flow.getByRole("button", { name: "Test speaker" }).click();
  await continueOnceReferenceReady(flow, 120_000);
  await flow.getByRole("button", { name: "I'm ready" }).click();

  // Screen 2: MoveNet from our server draws the figure's pose, then recording begins once it stands still.
  await expect(flow.locator("svg circle").nth(8)).toBeAttached({ timeout: 60_000 });
  const choice = await page.evaluate(() => localStorage.getItem("fizio.devices"));
  expect(JSON.parse(choice ?? "{}")).toHaveProperty("cameraId");

  // Screen 3: recording through the sets; sets are ended and breaks skipped by hand to keep the test short.
  await expect(flow.getByText("Recording", { exact: true })).toBeVisible({ timeout: 90_000 });
  // The live counter follows the figure's left elbow (the group's main joint) through its flexions.
  await expect(flow.getByTestId("session-progress")).toContainText(/Reps: [1-5] of 5|Set 2 of 2/, {
    timeout: 45_000,
  });
  const feedback = flow.getByRole("heading", { name: "How did it go?" });
  const saving = flow.getByRole("progressbar", { name: "Recording saved on this device" });
  const skip = flow.getByRole("button", { name: "Skip break" });
  const finish = flow.getByRole("button", { name: "Finish set" });
  // Two sets, a break between them: each press moves on at once, so each step gets the usual bound.
  for (let i = 0; i < 10 && !(await saving.or(feedback).first().isVisible()); i++) {
    await expect(skip.or(finish).or(saving).or(feedback).first()).toBeVisible();
    if (await skip.isVisible()) await pressIfShown(skip);
    else if (await finish.isVisible()) {
      // A couple of seconds of video in each set.
      await recordInSet(page, finish, 2);
      await pressIfShown(finish);
    }
  }
  // The recording is saved on the device (its last chunks, then sealed) before the feedback step.
  await expect(flow.getByText("Saving your recording…").or(feedback).first()).toBeVisible();
  await waitWhileMoving(saving, feedback, 30_000);

  // Screen 4: feedback once, and the recording's upload.
  await flow.getByText("None", { exact: true }).click();
  await flow.getByText("Easy", { exact: true }).click();
  await flow.getByText("Just right", { exact: true }).click();
  await flow.getByRole("button", { name: "Send feedback" }).click();
  await expect(flow.getByText("Thank you for your feedback")).toBeVisible();
  const upload = flow.getByRole("progressbar", { name: "Recording upload" });
  await expect(upload).toBeVisible();
  await waitWhileMoving(upload, upload.and(flow.locator('[aria-valuenow="100"]')), 60_000);

  await flow.getByRole("button", { name: "Back to To Do" }).click();
  await expect(page).toHaveURL(/\/to-do$/);

  // The worker analyses it; /past-activity follows the analysis live, then shows both videos and the error.
  await page.goto("/past-activity");
  const newest = page.getByRole("table", { name: "Past Activity" }).locator("tbody tr").first();
  await expect(newest).toContainText("Elbow curls");
  await newest.getByRole("button").click();
  await expect(page.getByRole("heading", { name: /^Elbow curls on / })).toBeVisible();
  // Queued behind the worker's other jobs, then processed step by step.
  const analysis = page.getByRole("progressbar", { name: "In Progress" });
  await waitWhileMoving(analysis, page.getByText("Completed", { exact: true }), 120_000);
  await expect(page.getByText("Overall average error")).toBeVisible();
  await expect(page.getByText(/^\d+(\.\d)?°$/).first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Errors per joint" })).toContainText("Elbow (Left)");
  // The score is shown first; the annotated video follows once it is made, without reloading the page.
  await expect(page.getByLabel("Processed (annotated)", { exact: true })).toBeVisible({ timeout: 60_000 });
  for (const name of ["Your recording", "Processed (annotated)"]) {
    const video = page.getByLabel(name, { exact: true });
    // The browser read the stored file's header: the video is really there and playable.
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
      .toBeGreaterThan(0);
  }
  await expect(page.getByText("Video unavailable")).toHaveCount(0);
  const recordingUrl = page.url();
  expect(internet).toEqual([]);

  // The provider finds it among their patients' recordings, completed, and opens it.
  const provider = await page.context().browser()!.newContext();
  const staff = await provider.newPage();
  await signInToHome(staff, DEMO.provider);
  await staff.goto("/content/recordings");
  await staff.getByLabel("Search by patient or activity").fill("Elbow curls");
  const row = staff.getByRole("table", { name: "Recordings" }).locator("tbody tr").first();
  await expect(row).toContainText("Alex Morgan");
  await expect(row).toContainText("Completed");
  await row.getByRole("button").first().click();
  await expect(staff.getByRole("heading", { name: /^Elbow curls on / })).toBeVisible();
  expect(new URL(staff.url()).searchParams.get("recording")).toBe(
    new URL(recordingUrl).searchParams.get("recording"),
  );
  await provider.close();
});

test("the stop modal keeps going or exits back to the list", async ({ page }) => {
  // The tracker loads, then every click waits on a renderer busy recording and tracking the pose live.
  test.setTimeout(300_000);
  await signInToHome(page, DEMO.patient);
  await page.goto("/to-do");
  await page.getByRole("button", { name: "Start activity: Elbow curls" }).click();
  const flow = page.getByRole("dialog");
  await flow.getByRole("button", { name: "Continue" }).click();
  await flow.getByRole("button", { name: "I'm ready" }).click();
  await expect(flow.getByText("Recording", { exact: true })).toBeVisible({ timeout: 90_000 });
  await flow.getByRole("button", { name: "Stop" }).click();
  await page.getByRole("button", { name: "Keep Going" }).click();
  await expect(flow.getByText("Recording", { exact: true })).toBeVisible();
  await flow.getByRole("button", { name: "Stop" }).click();
  await page.getByRole("button", { name: "Exit Activity" }).click();
  await expect(page).toHaveURL(/\/to-do$/);
  await expect(page.getByRole("button", { name: /^Start activity/ }).first()).toBeVisible();
});

test("an activity done without the camera shows its instructions and timer, and Done completes it", async ({
  page,
}) => {
  await signInToHome(page, DEMO.patient);
  // Counts the page's camera requests: an instruction activity makes none.
  await page.addInitScript(() => {
    const media = navigator.mediaDevices;
    const ask = media.getUserMedia.bind(media);
    const asked = window as unknown as { cameraRequests: number };
    asked.cameraRequests = 0;
    media.getUserMedia = (constraints) => {
      asked.cameraRequests++;
      return ask(constraints);
    };
  });
  await page.goto("/to-do");
  await page.getByRole("button", { name: "Start activity: Easy walk" }).click();
  const flow = page.getByRole("dialog", { name: "Easy walk" });
  await expect(flow.getByText(/^Walk at a comfortable pace/)).toBeVisible();
  const timer = flow.getByRole("timer", { name: "Time left" });
  await expect(timer).toHaveText("10:00");
  await flow.getByRole("button", { name: "Start timer" }).click();
  await expect(timer).not.toHaveText("10:00", { timeout: 15_000 });
  await flow.getByRole("button", { name: "Pause" }).click();
  await expect(flow.getByRole("button", { name: "Resume" })).toBeVisible();

  await flow.getByRole("button", { name: "Done" }).click();
  await expect(flow.getByRole("heading", { name: "How did it go?" })).toBeVisible();
  await flow.getByText("None", { exact: true }).click();
  await flow.getByText("Easy", { exact: true }).click();
  await flow.getByText("Just right", { exact: true }).click();
  await flow.getByRole("button", { name: "Send feedback" }).click();
  await expect(flow.getByText("Thank you for your feedback")).toBeVisible();
  await flow.getByRole("button", { name: "Back to To Do" }).click();
  await expect(page).toHaveURL(/\/to-do$/);
  expect(await page.evaluate(() => (window as unknown as { cameraRequests: number }).cameraRequests)).toBe(0);

  // The provider reads it in the patient's sessions record, with its plan and the feedback.
  const provider = await page.context().browser()!.newContext();
  const staff = await provider.newPage();
  await signInToHome(staff, DEMO.provider);
  await staff.goto("/records/sessions");
  await chooseOption(staff, staff.getByLabel("Patient", { exact: true }), "Alex Morgan");
  await staff.getByRole("combobox", { name: "Status" }).click();
  await staff.getByRole("option", { name: "Completed" }).click();
  await expect(staff).toHaveURL(/status=COMPLETED/);
  const row = staff
    .getByRole("table", { name: "Activity sessions" })
    .getByRole("row")
    .filter({ hasText: "Easy walk" })
    .first();
  await expect(row).toContainText("Knee rehab: phase 1");
  await expect(row).toContainText("Pain: None · Difficulty: Easy · Speed: Just right");
  await expect(row).toContainText("Not recorded");
  await provider.close();
});
