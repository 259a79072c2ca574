import { expect, test } from "./fixtures";
import { apiProcedures, DEMO, signInToHome } from "./support";

test("without /config.json the app does not start and says so", async ({ page }) => {
  await page.route("**/config.json", (route) => route.fulfill({ status: 500, body: "down" }));
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Fizio could not start" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign In" })).toHaveCount(0);
});

test("a read answered 502 sends the user to the login page once its retries are spent (spec §4)", async ({
  page,
}) => {
  await signInToHome(page, DEMO.admin);
  // Any request carrying audit.list, alone or batched with the page's other reads.
  await page.route(
    (url) => apiProcedures(url).includes("audit.list"),
    (route) => route.fulfill({ status: 502, body: "Bad Gateway" }),
  );
  await page.goto("/audit");
  // Reads retry three times (1 s, 2 s, 4 s) before the failure counts.
  await expect(page).toHaveURL(/\/login\?redirect=%2Faudit/, { timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
});
