import { expect, test } from "./fixtures";
import { DEMO, mainNav, patchSessionUser, signInToHome } from "./support";

// The demo data has no patient flagged for a referral or a payment method: these tests rewrite the user state.

test("a patient who needs a referral is told so in a modal they can dismiss", async ({ page }) => {
  await patchSessionUser(page, { accessStatus: "NEEDS_REFERRAL" });
  await signInToHome(page, DEMO.patient);
  await page.reload();
  const modal = page.getByRole("dialog", { name: "Referral needed" });
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: "I understand" }).click();
  await expect(modal).toBeHidden();
  await mainNav(page).getByRole("link", { name: "To Do", exact: true }).click();
  await expect(modal).toBeHidden();
});

test("a patient who must add a payment method sees the missing-payment screen, which says cards are off", async ({
  page,
}) => {
  await patchSessionUser(page, { enforcePaymentMethod: true });
  await signInToHome(page, DEMO.patient);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Payment information needed" })).toBeVisible();
  await expect(page.getByText(/Card payments are turned off on this installation/)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toHaveCount(0);
});
