import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO, signInToHome } from "./support";

// The demo patient's current plan ("Knee rehab: phase 1") opens a session today with these activities; no other
// spec opens them.
const OPENED = "Ice the joint";
const DONE = "Heel slides";
const PATIENT = "Alex Morgan";
const PLAN = "Knee rehab: phase 1";

const activityCard = (page: Page, name: string) => page.getByRole("group", { name });

/** Reads the state an activity shows on /to-do, after a fresh load. */
async function toDoState(page: Page, name: string) {
  await page.goto("/to-do");
  const card = activityCard(page, name);
  await expect(card).toBeVisible();
  return card;
}

/** The provider's plan editor for the patient's current plan, Session 1 of it. */
async function providerPlanSession(page: Page) {
  await page.goto("/roster");
  await page.getByLabel("Search patients by name or email").fill(PATIENT);
  await page.getByRole("button", { name: `Plans of ${PATIENT}` }).click();
  const plans = page.getByRole("dialog", { name: `Treatment plans: ${PATIENT}` });
  await plans.getByRole("button", { name: `Open ${PLAN}` }).click();
  return page
    .getByRole("dialog", { name: `Treatment plan: ${PLAN}` })
    .getByRole("region", { name: "Session 1" });
}

for (const [device, viewport] of [
  ["desktop", { width: 1440, height: 900 }],
  ["a 360x640 phone", { width: 360, height: 640 }],
] as const) {
  test.describe(`activity states on ${device}`, () => {
    test.use({ viewport });
    // The two runs share one stack: one at a time, so each sees what the other left.
    test.describe.configure({ mode: "serial" });

    test("opening an activity and closing it changes nothing for the patient or the therapist", async ({
      page,
      browser,
    }) => {
      await signInToHome(page, DEMO.patient);
      const card = await toDoState(page, OPENED);
      await expect(card.getByText("Not started", { exact: true })).toBeVisible();
      // How it is done in the patient's words, not the therapist's type name.
      await expect(card.getByText("Read and do", { exact: true })).toBeVisible();

      const opened = page.waitForResponse((r) => r.url().includes("activitySessions.start") && r.ok());
      await card.getByRole("button", { name: `Start activity: ${OPENED}` }).click();
      const flow = page.getByRole("dialog", { name: OPENED });
      await expect(flow).toBeVisible();
      await (await opened).body();
      await expect(flow.getByRole("button", { name: "Done" })).toBeEnabled();
      await page.keyboard.press("Escape");
      await expect(flow).toBeHidden();

      await expect((await toDoState(page, OPENED)).getByText("Not started", { exact: true })).toBeVisible();

      // The therapist can still change it: it is an editable activity, not "Started by the patient…".
      const context = await browser.newContext({ viewport });
      const staff = await context.newPage();
      await signInToHome(staff, DEMO.provider);
      const session = await providerPlanSession(staff);
      const names = session.getByLabel("Activity name");
      await expect(names.first()).toBeVisible();
      const editable = await names.evaluateAll((inputs) =>
        inputs.filter((i) => !(i as HTMLInputElement).disabled).map((i) => (i as HTMLInputElement).value),
      );
      expect(editable).toContain(OPENED);
      await context.close();
    });

    test("an activity the patient completes is Done on To Do and home, and home's counts agree", async ({
      page,
    }) => {
      await signInToHome(page, DEMO.patient);
      const card = await toDoState(page, DONE);
      if (!(await card.getByText("Done", { exact: true }).isVisible())) {
        await card.getByRole("button", { name: `Start activity: ${DONE}` }).click();
        const flow = page.getByRole("dialog", { name: DONE });
        const completed = page.waitForResponse(
          (r) => r.url().includes("activitySessions.complete") && r.ok(),
        );
        await flow.getByRole("button", { name: "Done" }).click();
        await (await completed).body();
        await expect(flow.getByRole("heading", { name: "How did it go?" })).toBeVisible();
        await flow.getByRole("button", { name: "Back to To Do" }).click();
        await expect(page).toHaveURL(/\/to-do$/);
      }
      await expect(activityCard(page, DONE).getByText("Done", { exact: true })).toBeVisible();

      await page.goto("/home");
      const current = page.getByRole("list", { name: "Current session" });
      await expect(current.getByRole("listitem").filter({ hasText: DONE })).toContainText("Done");
      await expect(current.getByRole("listitem").filter({ hasText: OPENED })).toContainText("Not started");

      // One count of activities done: the plan's progress is the sum of its sessions'.
      const progress = page.getByText(/^\d+ of \d+ activities done$/);
      const [, done, total] = (await progress.textContent())?.match(/^(\d+) of (\d+)/) ?? [];
      const sessions = await page
        .getByRole("list", { name: "Schedule" })
        .getByText(/^\d+\/\d+ activities$/)
        .allTextContents();
      const sum = (at: 0 | 1) =>
        sessions.reduce((n, text) => n + Number(text.match(/(\d+)\/(\d+)/)?.[at + 1] ?? 0), 0);
      expect(sum(0)).toBe(Number(done));
      expect(sum(1)).toBe(Number(total));
      expect(Number(done)).toBeGreaterThanOrEqual(1);
      // Recent activity lists what was done under its activity's name, once.
      const recent = page.getByRole("list", { name: "Recent activity" });
      await expect(recent.getByRole("listitem").filter({ hasText: `Done: ${DONE}` })).not.toHaveCount(0);
      // The pending assessments wait with a button to answer each.
      await expect(page.getByRole("heading", { name: "Assessments to answer" })).toBeVisible();
      await expect(page.getByRole("link", { name: /^Answer / }).first()).toBeVisible();
    });
  });
}
