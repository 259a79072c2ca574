import type { SessionUser } from "@fizio/domain";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";

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

/**
 * Signs in and lands on /home. The suite signs the demo accounts in more often than the product allows one
 * email or one address (10 and 30 a minute, FIZ260): when the sign-in page says so, it tries again every few
 * seconds until that minute has passed, instead of failing the test.
 */
export async function signInToHome(page: Page, email: string, password = DEMO_PASSWORD) {
  const throttled = page.getByText("Too many attempts. Please wait a minute and try again.");
  for (let attempt = 1; attempt <= 15; attempt++) {
    await signIn(page, email, password);
    const outcome = await Promise.race([
      page.waitForURL(/\/home$/, { timeout: 15_000 }).then(
        () => "home",
        () => "timeout",
      ),
      throttled.waitFor({ timeout: 15_000 }).then(
        () => "throttled",
        () => "timeout",
      ),
    ]);
    if (outcome === "home") return;
    if (outcome === "timeout") break;
    await page.waitForTimeout(5_000);
  }
  await expect(page).toHaveURL(/\/home$/);
}

/**
 * The href of the newest link named `linkName` in an email to `to`, read at /dev/mailbox by the super admin
 * (the mailbox is theirs alone) in a browser context of its own, so the test's page keeps its session.
 */
export async function mailboxLink(browser: Browser, to: string, linkName: RegExp): Promise<string> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const page = await context.newPage();
    await signInToHome(page, DEMO.superAdmin);
    await page.goto("/dev/mailbox");
    const email = page.getByTestId("mailbox-email").filter({ hasText: to }).first();
    // The same link may be in an email twice (where the visit is, and the button to join it).
    const href = await email.getByRole("link", { name: linkName }).first().getAttribute("href");
    expect(href).toBeTruthy();
    return href as string;
  } finally {
    await context.close();
  }
}

/** The app's selects (Radix): open one (found by its label), pick the option by its whole text. */
export async function chooseOption(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

export const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main navigation" });

/** The tRPC procedures one API request carries: a page's reads are batched into one path (`/api/v1/a.b,c.d`). */
export function apiProcedures(url: string | URL): string[] {
  const { pathname } = typeof url === "string" ? new URL(url) : url;
  return pathname.startsWith("/api/v1/") ? pathname.slice("/api/v1/".length).split(",") : [];
}

/** An address no earlier run has used, so tests can run again against the same server. */
export function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@e2e.fizio.test`;
}

/** Chromium with a fake camera and microphone granted without asking (a video file as the camera if given). */
export function fakeMediaLaunch(extraArgs: string[] = []) {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      ...extraArgs,
      "--autoplay-policy=no-user-gesture-required",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  };
}

/**
 * Rewrites the user in this page's auth.me answers, the one input of the gates and of the interface's language:
 * a state the demo data does not have, without changing the shared demo account for the other specs.
 */
export async function patchSessionUser(page: Page, patch: Partial<SessionUser>) {
  await page.route("**/api/v1/**", async (route) => {
    const procedures = apiProcedures(route.request().url());
    const index = procedures.indexOf("auth.me");
    if (index < 0) return route.fallback();
    const response = await route.fetch();
    const body = await response.json();
    const user = body[index]?.result?.data?.json?.user;
    if (user) Object.assign(user, patch);
    await route.fulfill({ response, json: body });
  });
}
