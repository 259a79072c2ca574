import { expect, test } from "./fixtures";
import { DEMO, signInToHome } from "./support";

test("a super admin adds a code and a specialty, and the specialty is then offered in the provider form", async ({
  browser,
}) => {
  const page = await browser.newPage();
  await signInToHome(page, DEMO.superAdmin);
  // Unique per run: a retry shares the database with the first attempt.
  const run = String(Date.now() % 10_000).padStart(4, "0");
  const code = `Z99.${run}`;

  await page.goto("/parameters/codes/conditions");
  await expect(page.getByRole("heading", { name: "Conditions", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Add code" }).click();
  const codeForm = page.getByRole("dialog", { name: "Add to Conditions" });
  await codeForm.getByLabel("Code").fill("99999");
  await codeForm.getByLabel("Description").fill(`Dependence on enabling machines ${run}`);
  await codeForm.getByRole("button", { name: "Save" }).click();
  // Not an ICD-10-CM code: said at the field, nothing saved.
  await expect(codeForm.getByText("The format is not valid")).toBeVisible();
  await codeForm.getByLabel("Code").fill(code.toLowerCase());
  await codeForm.getByRole("button", { name: "Save" }).click();
  await expect(codeForm).toBeHidden();
  await page.getByLabel("Search").fill(run);
  await expect(page.getByRole("cell", { name: code, exact: true })).toBeVisible();

  // A CSV with a broken row imports nothing and lists the problems by row.
  await page.getByRole("button", { name: "Import CSV" }).click();
  const importForm = page.getByRole("dialog", { name: "Import Conditions from a CSV file" });
  await importForm.getByLabel("CSV file").setInputFiles({
    name: "conditions.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`code,description\nY98.${run},Fine\n${code},Already there\nbad,Broken\n`),
  });
  await importForm.getByRole("button", { name: "Import" }).click();
  const report = importForm.getByRole("table", { name: "Problems in the file" });
  await expect(report.getByRole("row").filter({ hasText: "Value already exists" })).toContainText("3");
  await expect(report.getByRole("row").filter({ hasText: "The format is not valid" })).toContainText("4");
  await page.keyboard.press("Escape");
  await expect(importForm).toBeHidden();
  await page.getByLabel("Search").fill(`Y98.${run}`);
  await expect(page.getByText("Nothing matches")).toBeVisible();

  await page.goto("/parameters/sets/specialties");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  const setForm = page.getByRole("dialog", { name: "Add to Specialties" });
  await setForm.getByLabel("Name").fill(`Aquatic therapy ${run}`);
  await setForm.getByRole("button", { name: "Save" }).click();
  await expect(setForm).toBeHidden();
  await page.getByLabel("Search").fill(`aquatic therapy ${run}`);
  await expect(page.getByRole("cell", { name: `Aquatic therapy ${run}`, exact: true })).toBeVisible();
  // The same value again, in other case and spacing: 'Value already exists'.
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await setForm.getByLabel("Name").fill(`  AQUATIC   therapy ${run}`);
  await setForm.getByRole("button", { name: "Save" }).click();
  await expect(setForm.getByText("Value already exists")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(setForm).toBeHidden();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInToHome(admin, DEMO.admin);
  await admin.goto("/users/providers");
  await admin.getByRole("button", { name: "Add provider" }).click();
  const providerForm = admin.getByRole("dialog", { name: "New provider" });
  await providerForm.getByLabel("Specialty").click();
  await admin.getByRole("option", { name: `Aquatic therapy ${run}` }).click();
  await expect(providerForm.getByLabel("Specialty")).toContainText(`Aquatic therapy ${run}`);
  await adminContext.close();
});

/** A 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

test("a super admin adds an image activity with its picture, and renaming it keeps the picture", async ({
  page,
}) => {
  await signInToHome(page, DEMO.superAdmin);
  const name = `Wall slide ${String(Date.now() % 10_000).padStart(4, "0")}`;
  await page.goto("/parameters/sets/image-activities");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  const form = page.getByRole("dialog", { name: "Add to Image Activities" });
  await form.getByLabel("Name").fill(name);
  // A new image activity needs its picture.
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("This field is required")).toBeVisible();
  const uploaded = page.waitForResponse((r) => r.url().includes("parameters.sets.completeImage") && r.ok());
  await form
    .getByLabel("Upload a picture")
    .setInputFiles({ name: "wall-slide.png", mimeType: "image/png", buffer: PNG });
  await uploaded;
  await expect(form.getByRole("img", { name: `Picture of ${name}` })).toBeVisible();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toBeHidden();
  await page.getByLabel("Search").fill(name);
  const picture = page
    .getByRole("row")
    .filter({ hasText: name })
    .getByRole("img", { name: `Picture of ${name}` });
  await expect(picture).toHaveAttribute("src", /\/parameters\/image-activities\/[0-9a-f-]{36}\/image\.png\?/);
  const src = await picture.getAttribute("src");

  // The edit form sends no picture unless a new one is uploaded: the value keeps its own.
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit “${name}”` });
  await edit.getByLabel("Name").fill(`${name} standing`);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await page.getByLabel("Search").fill(`${name} standing`);
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: `${name} standing` })
      .getByRole("img", { name: `Picture of ${name} standing` }),
  ).toHaveAttribute("src", new RegExp(`^${src!.split("?")[0]!.replace(/[.?]/g, "\\$&")}\\?`));
});
