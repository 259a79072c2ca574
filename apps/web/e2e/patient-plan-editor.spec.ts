import { expect, test } from "./fixtures";
import { chooseOption, DEMO, signInToHome } from "./support";

// Priya Shah is on the demo provider's roster and no other spec touches her plans or assessments.
const PATIENT = "Priya Shah";
// Unique per run, so the spec can run again against a stack that is still up.
const RUN = `${Date.now() % 1_000_000}`;
const PLAN = `Hand-made plan ${RUN}`;
const CHECK = `Home check ${RUN}`;

test("a provider makes a plan by hand, edits it, assigns an assessment and deletes the draft", async ({
  page,
}) => {
  await signInToHome(page, DEMO.provider);
  await page.goto("/roster");
  await page.getByLabel("Search patients by name or email").fill(PATIENT);
  await page.getByRole("button", { name: `Plans of ${PATIENT}` }).click();
  const plans = page.getByRole("dialog", { name: `Treatment plans: ${PATIENT}` });

  await plans.getByRole("button", { name: "New plan" }).click();
  const editor = page.getByRole("dialog", { name: "New treatment plan" });
  await editor.getByLabel("Name", { exact: true }).fill(PLAN);
  const first = editor.getByRole("region", { name: "Session 1" });
  await first.getByRole("button", { name: "Remove: Activity 1" }).click();
  await editor.getByRole("button", { name: "Save" }).click();
  // The same rules as the API's, before anything is sent: a session needs an activity, a plan an assessment.
  await expect(first.getByText("Add at least one activity")).toBeVisible();
  await expect(editor.getByText("Add at least one assessment")).toBeVisible();

  await first.getByRole("button", { name: "Add activity" }).click();
  const walk = first.getByRole("region", { name: "Activity 1" });
  await walk.getByLabel("Activity name").fill("Easy walk");
  await walk.getByLabel("Instructions").fill("Walk for ten minutes at an easy pace.");
  await editor.getByRole("checkbox", { name: "Pain and function check-in" }).click();
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor).toBeHidden();
  const row = plans.getByRole("listitem").filter({ hasText: PLAN });
  await expect(row.getByText("Draft")).toBeVisible();

  await row.getByRole("button", { name: `Open ${PLAN}` }).click();
  const stored = page.getByRole("dialog", { name: `Treatment plan: ${PLAN}` });
  await expect(stored.getByRole("region", { name: "Activity 1" }).getByLabel("Activity name")).toHaveValue(
    "Easy walk",
  );
  await stored.getByLabel("Long-term goal").fill("Walk to the shops without pain");
  await stored.getByRole("button", { name: "Add session" }).click();
  const second = stored.getByRole("region", { name: "Session 2" });
  const stretch = second.getByRole("region", { name: "Activity 1" });
  await stretch.getByLabel("Activity name").fill("Calf stretch");
  await stretch.getByLabel("Instructions").fill("Hold each side for thirty seconds.");
  await second.getByRole("button", { name: "Add activity" }).click();
  const tilts = second.getByRole("region", { name: "Activity 2" });
  await tilts.getByLabel("Activity name").fill("Pelvic tilts");
  await tilts.getByLabel("Instructions").fill("Ten slow tilts lying on your back.");
  await stored.getByRole("button", { name: "Save" }).click();
  await expect(stored).toBeHidden();

  await row.getByRole("button", { name: `Open ${PLAN}` }).click();
  await expect(stored.getByLabel("Long-term goal")).toHaveValue("Walk to the shops without pain");
  await expect(second.getByRole("region", { name: "Activity 2" }).getByLabel("Activity name")).toHaveValue(
    "Pelvic tilts",
  );
  await stored.getByRole("button", { name: "Cancel" }).first().click();
  await expect(stored).toBeHidden();

  await chooseOption(page, plans.getByLabel("Assessment template"), "Home exercise check");
  await plans.getByLabel("Name the patient sees (optional)").fill(CHECK);
  await plans.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByText("The assessment was assigned.")).toBeVisible();
  // A patient's assessment names are unique: the same name again is refused on the name field.
  await chooseOption(page, plans.getByLabel("Assessment template"), "Home exercise check");
  await plans.getByLabel("Name the patient sees (optional)").fill(CHECK);
  await plans.getByRole("button", { name: "Assign" }).click();
  await expect(plans.getByText("The patient already has an item with this name")).toBeVisible();

  await row.getByRole("button", { name: `Delete ${PLAN}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete this plan?" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("The plan was deleted.")).toBeVisible();
  await expect(row).toHaveCount(0);
});
