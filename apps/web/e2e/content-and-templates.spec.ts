import { expect, type Page, test } from "./fixtures";
import { REFERENCE_CLIP } from "./global-setup";
import { DEMO, signInToHome } from "./support";

// One group per run, so the specs can run again against a stack that is still up.
const RUN = `${Date.now() % 1_000_000}`;
const GROUP = `Elbow curl ${RUN}`;
const VIDEO = `Elbow curl front ${RUN}`;

/** Radix selects: open by their label, pick the option by its text. */
async function choose(page: Page, scope: ReturnType<Page["getByRole"]>, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

// The form test picks the video the upload test made ready.
test.describe.configure({ mode: "serial" });

test("a provider uploads a support video into a new group and sees it become ready", async ({ page }) => {
  // The real worker decodes, estimates poses and renders the preview on a shared machine.
  test.setTimeout(300_000);
  await signInToHome(page, DEMO.provider);
  await page.goto("/content/videos");
  await page.getByRole("button", { name: "New video group" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(GROUP);
  await dialog.getByRole("checkbox", { name: "Elbow" }).click();
  await choose(page, dialog, "Direction", "Front view");
  await choose(page, dialog, "Side", "Left");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole("heading", { name: GROUP })).toBeVisible();
  await page.getByRole("tab", { name: "Support Videos" }).click();
  await page.getByLabel("Video file").setInputFiles(REFERENCE_CLIP);
  await page.getByLabel("Name", { exact: true }).fill(VIDEO);
  await page.getByLabel("Repetitions").fill("4");
  await page.getByRole("button", { name: "Upload a support video" }).click();
  await expect(page.getByText("The video was uploaded and is being processed.")).toBeVisible();

  const row = page.getByRole("listitem").filter({ hasText: VIDEO });
  await expect(row).toBeVisible();
  await expect(row.getByText("Ready", { exact: true })).toBeVisible({ timeout: 240_000 });
  await expect(page.getByText("Ready for analysis")).toBeVisible();
});

test("a provider creates an assessment template and a session template with a video activity", async ({
  page,
}) => {
  await signInToHome(page, DEMO.provider);

  await page.goto("/templates/assessments");
  await page.getByRole("button", { name: "New assessment template" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name", { exact: true }).fill(`Elbow check ${RUN}`);
  const first = dialog.getByRole("region", { name: "Question 1" });
  await first.getByLabel("Question", { exact: true }).fill("How stiff is your elbow in the morning?");
  await first.getByLabel("Answer type").selectOption({ label: "Single choice" });
  await first.getByLabel("Question 1, Choice 1", { exact: true }).fill("Not stiff");
  await first.getByRole("button", { name: "Add choice" }).click();
  await first.getByLabel("Question 1, Choice 2", { exact: true }).fill("Very stiff");
  await dialog.getByRole("button", { name: "Add question" }).click();
  const second = dialog.getByRole("region", { name: "Question 2" });
  await second.getByLabel("Answer type").selectOption({ label: "Number" });
  // A question needs its text (checked by the same schema as the API).
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(second.getByText("This field is required")).toBeVisible();
  await second.getByLabel("Question", { exact: true }).fill("How many curls can you do?");
  await second.getByLabel("Lowest number").fill("0");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: `Elbow check ${RUN}` });
  // The sessions count (a phone's card reads it with its column's name).
  await expect(row.getByRole("cell", { name: /^(Sessions ?)?2$/ })).toBeVisible();

  // The intake assessment: nobody deletes or renames it, only a super admin changes it.
  const intake = page.getByRole("row").filter({ hasText: "Intake assessment" });
  await expect(intake.getByRole("button", { name: "Delete Intake assessment" })).toBeDisabled();
  await intake.getByRole("button", { name: "Edit Intake assessment" }).click();
  await expect(
    dialog.getByText("Only a super admin can update the initial assessment template"),
  ).toBeVisible();
  await expect(dialog.getByLabel("Name", { exact: true })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Cancel" }).first().click();

  await page.goto("/templates/sessions");
  await page.getByRole("button", { name: "New session template" }).click();
  await dialog.getByLabel("Name", { exact: true }).fill(`Elbow day ${RUN}`);
  const activity = dialog.getByRole("region", { name: "Activity 1" });
  await activity.getByLabel("Type").selectOption({ label: "Video exercise" });
  await activity.getByLabel("Activity name").fill("Elbow curls");
  await activity.getByLabel("Reference video").selectOption({ label: VIDEO });
  await expect(activity.getByText("Ready for analysis")).toBeVisible();
  await activity.getByLabel("Repetitions").fill("8");
  await activity.getByLabel("Total sets required").fill("2");
  await activity.getByLabel("Side").selectOption({ label: "Left" });
  await activity.getByLabel("Direction").selectOption({ label: "Front view" });
  await activity.getByLabel("Orientation").selectOption({ label: "Landscape" });
  // A text activity copied from the organisation's library.
  await dialog
    .getByLabel("Add from the activity library")
    .selectOption({ label: "Ice the joint · Text (library)" });
  await dialog.getByRole("button", { name: "Add to the session" }).click();
  await expect(dialog.getByRole("region", { name: "Activity 2" }).getByLabel("Activity name")).toHaveValue(
    "Ice the joint",
  );
  // A picture is picked from the shared library's image activities (the API takes the pick's id, never a key).
  await dialog.getByRole("button", { name: "Add activity" }).click();
  const pictured = dialog.getByRole("region", { name: "Activity 3" });
  await pictured.getByLabel("Type").selectOption({ label: "Custom image" });
  await pictured.getByLabel("Activity name").fill("Knee press");
  await pictured.getByLabel("Image", { exact: true }).selectOption({ label: "Quad sets" });
  await expect(pictured.getByRole("img", { name: "Picture of Quad sets" })).toHaveAttribute(
    "src",
    /quad-sets\.svg\?/,
  );
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: `Elbow day ${RUN}` })).toBeVisible();

  // Opened again, it shows the stored activities with their video and picture.
  await page.getByRole("button", { name: `Edit Elbow day ${RUN}` }).click();
  await expect(activity.getByLabel("Reference video")).toHaveValue(/[0-9a-f-]{36}/);
  await expect(activity.getByLabel("Activity name")).toHaveValue("Elbow curls");
  await expect(pictured.getByLabel("Image", { exact: true }).locator("option:checked")).toHaveText(
    "Quad sets",
  );
});

test("on a phone, a provider builds a treatment plan template by keyboard, edits it and deletes it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await signInToHome(page, DEMO.provider);
  await page.goto("/templates/treatment-plans");
  await page.getByRole("button", { name: "New treatment plan template" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name", { exact: true }).fill(`Elbow plan ${RUN}`);
  // At least one session and one assessment (spec §5), checked before anything is sent.
  await dialog.getByRole("button", { name: "Save" }).press("Enter");
  await expect(dialog.getByText("Add at least one activity")).toBeVisible();
  await expect(dialog.getByText("Add at least one assessment")).toBeVisible();

  await dialog.getByRole("button", { name: "Add session" }).press("Enter");
  await dialog.getByRole("button", { name: "Add session" }).press("Enter");
  const first = dialog.getByRole("region", { name: "Session template 1" });
  const second = dialog.getByRole("region", { name: "Session template 2" });
  await expect(second.getByLabel("Day")).toHaveValue("1");
  await choose(page, first, "Session template", `Elbow day ${RUN}`);
  await choose(page, second, "Session template", "Knee mobility");
  await second.getByLabel("Day").fill("3");
  const assessment = dialog.getByRole("checkbox", { name: `Elbow check ${RUN}` });
  await assessment.focus();
  await page.keyboard.press("Space");
  await expect(assessment).toBeChecked();
  await dialog.getByRole("button", { name: "Save" }).press("Enter");
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: `Elbow plan ${RUN}` });
  // The sessions count (a phone's card reads it with its column's name).
  await expect(row.getByRole("cell", { name: /^(Sessions ?)?2$/ })).toBeVisible();

  await row.getByRole("button", { name: `Edit Elbow plan ${RUN}` }).click();
  await expect(second.getByLabel("Day")).toHaveValue("3");
  await dialog.getByRole("button", { name: "Remove: Session template 2" }).click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("cell", { name: /^(Sessions ?)?1$/ })).toBeVisible();

  await row.getByRole("button", { name: `Delete Elbow plan ${RUN}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(
    confirm.getByText(`“Elbow plan ${RUN}” will no longer be offered.`, { exact: false }),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("The template was deleted.")).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("a super admin changes the intake assessment, which keeps its name", async ({ page }) => {
  await signInToHome(page, DEMO.superAdmin);
  await page.goto("/templates/assessments");
  await page.getByRole("button", { name: "Edit Intake assessment" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Name", { exact: true })).toBeDisabled();
  await expect(dialog.getByText("The initial assessment template cannot be renamed")).toBeVisible();
  await dialog.getByLabel("Description").fill(`Answered by every new patient (${RUN}).`);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The template was saved.")).toBeVisible();
  await expect(
    page.getByRole("row").filter({ hasText: `Answered by every new patient (${RUN}).` }),
  ).toContainText("Intake assessment");
});
