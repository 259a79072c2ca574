import { expect, test } from "./fixtures";
import { DEMO, signIn, signInToHome } from "./support";

test("a wrong password says the username and password do not match", async ({ page }) => {
  await signIn(page, DEMO.patient, "not-the-password-1!");
  await expect(page.getByRole("alert")).toHaveText("Username and password does not match");
  await expect(page).toHaveURL(/\/login/);
});

test("the login page validates before calling the server and links to the public pages", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("This field is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
  await page.getByLabel("Username (email)").fill("not-an-email");
  await expect(page.getByText("Enter a valid email address")).toBeVisible();
  await expect(page.getByText(/^Version /)).toBeVisible();
  await page.getByRole("link", { name: "Terms of Service" }).click();
  await expect(page.getByRole("heading", { name: "1. The service" })).toBeVisible();
  await page.getByRole("link", { name: "Back to login" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("logout ends the session", async ({ page }) => {
  await signInToHome(page, DEMO.provider);
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/home");
  await expect(page).toHaveURL(/\/login\?redirect=/);
});
