import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Route } from "@playwright/test";
import { type Manifest, routeWeights } from "../scripts/bundle-budget";
import { expect, test } from "./fixtures";
import { DEMO, DEMO_PASSWORD, signIn, signInToHome } from "./support";

/** The scripts the budget weighs for /login (issue #17): all the login page may wait for before it paints. */
function loginFirstDownload(): Set<string> {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist");
  const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
  const login = routeWeights(manifest).find((route) => route.path === "/login");
  return new Set(login?.files.map((file) => `/${file}`));
}

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

test("the login page paints and takes typing with its first download only; what it asked for after comes in beside", async ({
  page,
}) => {
  const first = loginFirstDownload();
  const held: Route[] = [];
  let holding = true;
  await page.route("**/assets/*.js", (route) => {
    if (!holding || first.has(new URL(route.request().url()).pathname)) return route.continue();
    held.push(route);
  });
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in to Fizio" })).toBeVisible();
  await expect(page.getByText(/^Version /)).toBeVisible();
  await page.getByLabel("Username (email)").fill(DEMO.patient);
  // The data layer, the rest of the texts and the form's check were asked for after the paint, not waited for.
  await expect.poll(() => held.length).toBeGreaterThanOrEqual(3);
  // A submit waits for the check: its message comes once the check has arrived.
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForTimeout(500);
  await expect(page.getByText("Password is required")).toBeHidden();
  holding = false;
  for (const route of held.splice(0)) await route.continue();
  await expect(page.getByText("Password is required")).toBeVisible();
  // What was typed survived their arrival; signing in goes through.
  await expect(page.getByLabel("Username (email)")).toHaveValue(DEMO.patient);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/home$/);
});
