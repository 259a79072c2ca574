import { expect, test } from "./fixtures";
import { DEMO, mainNav, signInToHome } from "./support";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

interface Batch {
  app: string;
  items: { type: string; route?: string; session: string }[];
}

/**
 * config.json with a monitoring URL: here one on the app's own origin (the CSP allows 'self'; the server's CSP
 * for another origin is covered by the server's tests), whose POSTs the test reads as the browser sends them.
 */
test("with a monitoring URL, the app sends its page views by route pattern in batches of one session", async ({
  page,
  baseURL,
}) => {
  const monitoring = `${new URL(baseURL!).origin}/rum-e2e`;
  await page.route("**/config.json", async (route) => {
    const response = await route.fetch();
    const config = await response.json();
    await route.fulfill({
      response,
      json: { ...config, monitoring: { url: monitoring, name: "fizio-e2e" } },
    });
  });
  const batches: Batch[] = [];
  page.on("request", (request) => {
    if (request.url() === monitoring && request.method() === "POST")
      batches.push(JSON.parse(request.postData() ?? "{}"));
  });

  await signInToHome(page, DEMO.provider);
  await mainNav(page).getByRole("link", { name: "Roster" }).click();
  await expect(page).toHaveURL(/\/roster/);

  const items = () => batches.flatMap((b) => b.items);
  await expect
    .poll(() => items().flatMap((i) => (i.type === "page_view" ? [i.route] : [])))
    .toEqual(expect.arrayContaining(["/home", "/roster"]));
  expect(batches.every((b) => b.app === "fizio-e2e")).toBe(true);
  expect(new Set(items().map((i) => i.session)).size).toBe(1);
  // The session id is a random UUID of its own; nothing else may carry an id.
  expect(JSON.stringify(items().map(({ session: _, ...item }) => item))).not.toMatch(UUID);
});
