import { expect, test } from "./fixtures";
import { apiProcedures, DEMO, signInToHome } from "./support";

test("admins search users (3 characters at least), page through them and get refusals in a toast", async ({
  page,
}) => {
  await signInToHome(page, DEMO.admin);
  // Spec §7: API calls say which page they come from.
  // The patients page's own list read: the admin's home reads users.list too, for its counts.
  const listCall = page.waitForRequest(
    (request) =>
      apiProcedures(request.url()).includes("users.list") &&
      new URL(request.frame().url()).pathname === "/users/patients",
  );
  await page.goto("/users/patients");
  expect(await (await listCall).headerValue("x-ui-location")).toBe("Users · Patients · Fizio");
  await expect(page.getByText(/^1-\d+ of \d+ items$/)).toBeVisible();

  const search = page.getByLabel("Search by name or email");
  await search.fill("mo");
  await expect(page.getByText("Type at least 3 characters to search")).toBeVisible();
  await search.fill("morgan");
  await expect(page.getByText("1-1 of 1 items")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Alex Morgan", exact: true })).toBeVisible();

  // An enabled user cannot be deleted (FIZ203): the server says so and the row stays.
  await page.getByRole("button", { name: "Actions for Alex Morgan" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Enabled user cannot be deleted")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Alex Morgan", exact: true })).toBeVisible();
});
