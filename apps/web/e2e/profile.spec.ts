import { expect, test } from "./fixtures";
import { signInToHome } from "./support";

/** A seeded patient with no phone number. */
const NO_PHONE_PATIENT = "jordan.lee@fizio.test";

test("enabling text notifications without a phone number is refused with FIZ269", async ({ page }) => {
  await signInToHome(page, NO_PHONE_PATIENT);
  await page.goto("/profile/notifications");
  await expect(
    page.getByText("Add a mobile phone in Personal Information to receive text messages."),
  ).toBeVisible();
  await page.getByRole("switch", { name: "Text message for New messages" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Cannot enable text message notifications due to lack of phone number",
  );
});

test("personal information shows the phone as 3-3-4 and saves changes", async ({ page }) => {
  await signInToHome(page, "patient@fizio.test");
  await page.goto("/profile/personal-information");
  await expect(page.getByText("Phone on file: 555-014-2233")).toBeVisible();
  await page.getByLabel("City").fill("Springfield");
  // Exact: a patient's profile also has "Save health plans".
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Your personal information was saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("City")).toHaveValue("Springfield");
});
