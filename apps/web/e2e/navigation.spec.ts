import { expect, test } from "./fixtures";
import { DEMO, mainNav, signInToHome } from "./support";

const NAV = {
  patient: [
    "Home",
    "To Do",
    "Messages",
    "Calendar",
    "Past Activity",
    "Assessments",
    "Medical History",
    "Profile",
  ],
  provider: ["Home", "Calendar", "Roster", "Records", "Messages", "Content", "Templates", "Profile"],
  admin: [
    "Home",
    "Billing",
    "Users",
    "Templates",
    "Content",
    "Calendar",
    "Messages",
    "Records",
    "Reports",
    "Settings",
    "Audit",
    "Profile",
  ],
};
const SUPER_ADMIN_NAV = [...NAV.admin.slice(0, 3), "Parameters", ...NAV.admin.slice(3)];

const cases = [
  { email: DEMO.patient, nav: NAV.patient, foreign: "/users/admins" },
  { email: DEMO.provider, nav: NAV.provider, foreign: "/to-do" },
  { email: DEMO.admin, nav: NAV.admin, foreign: "/parameters/sets" },
  { email: DEMO.superAdmin, nav: SUPER_ADMIN_NAV, foreign: "/roster" },
];

for (const { email, nav, foreign } of cases) {
  test(`${email} sees only their role's navigation, and ${foreign} is not theirs to open`, async ({
    page,
  }) => {
    await signInToHome(page, email);
    // Messages may carry an unread count: other specs message the demo accounts (an engagement program's
    // day-0 message to the patient stays unread).
    await expect(mainNav(page).getByRole("link")).toHaveText(nav.map((label) => new RegExp(`^${label}`)));
    await expect(page).toHaveTitle("Home · Fizio");

    await page.goto(foreign);
    await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page).toHaveTitle("Unauthorized · Fizio");
    // Back leaves the page this user came from, not the refused one.
    await page.getByRole("link", { name: "Go to Home" }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
}

test("a patient's navigation groups open to their pages, and the title follows the path", async ({
  page,
}) => {
  await signInToHome(page, DEMO.patient);
  await mainNav(page).getByRole("button", { name: "Calendar" }).click();
  await expect(mainNav(page).getByRole("link", { name: "Week" })).toBeVisible();
  await mainNav(page).getByRole("link", { name: "List" }).click();
  await expect(page).toHaveURL(/\/calendar\/list$/);
  await expect(page).toHaveTitle("Calendar · List · Fizio");
  await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
});

test("a super admin reaches the parameter sets, shown as tabs", async ({ page }) => {
  await signInToHome(page, DEMO.superAdmin);
  await page.goto("/parameters/sets/credentials");
  await expect(
    page.getByRole("navigation", { name: "Sets" }).getByRole("link", { name: "Credentials" }),
  ).toHaveAttribute("aria-current", "page");
  await page.goto("/parameters/sets/not-a-kind");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("signed out, the app sends you to the login page and back after signing in", async ({ page }) => {
  await page.goto("/roster");
  await expect(page).toHaveURL(/\/login\?redirect=%2Froster/);
  await page.getByLabel("Username (email)").fill(DEMO.provider);
  await page.getByLabel("Password").fill("Fizio#2026");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/roster$/);
  await expect(page.getByRole("heading", { name: "Roster" })).toBeVisible();
});

test("an unknown path shows the not-found page inside the app", async ({ page }) => {
  await signInToHome(page, DEMO.provider);
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to Home" }).click();
  await expect(page).toHaveURL(/\/home$/);
});
