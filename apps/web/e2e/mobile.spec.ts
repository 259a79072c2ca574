import { expect, test } from "./fixtures";
import { DEMO, mainNav, signInToHome } from "./support";

test.use({ viewport: { width: 360, height: 640 } });

test("on a 360x640 phone the navigation lives in a drawer that opens, navigates and closes", async ({
  page,
}) => {
  await signInToHome(page, DEMO.patient);
  await expect(mainNav(page)).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByRole("link", { name: "Medical History" })).toBeVisible();
  await drawer.getByRole("link", { name: "Medical History" }).click();
  await expect(page).toHaveURL(/\/medical-history$/);
  await expect(drawer).toBeHidden();
  await expect(page).toHaveTitle("Medical History · Fizio");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
