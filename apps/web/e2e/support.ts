import { expect, type Page } from "@playwright/test";

/** The seeded demo accounts (infra/dev seeds them in the throwaway e2e database). */
export const DEMO_PASSWORD = "Fizio#2026";
export const DEMO = {
  superAdmin: "superadmin@fizio.test",
  admin: "admin@fizio.test",
  provider: "provider@fizio.test",
  patient: "patient@fizio.test",
  spanishPatient: "paciente@fizio.test",
} as const;

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Username (email)").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

export async function signInToHome(page: Page, email: string, password = DEMO_PASSWORD) {
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/home$/);
}

export const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main navigation" });

/** An address no earlier run has used, so tests can run again against the same server. */
export function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@e2e.fizio.test`;
}
