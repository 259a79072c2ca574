import { expect, type Page, test } from "./fixtures";
import { DEMO, mainNav, signInToHome } from "./support";

const spanishNav = (page: Page) => page.getByRole("navigation", { name: "Navegación principal" });

test("a patient whose preferred language is Spanish gets the Spanish interface", async ({ page }) => {
  await signInToHome(page, DEMO.spanishPatient);
  await expect(spanishNav(page).getByRole("link", { name: "Inicio" })).toBeVisible();
  await expect(spanishNav(page).getByRole("link", { name: "Historial médico" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Hola, Lucía" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle("Inicio · Fizio");
});

test("staff use English even with Spanish picked on the login page", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.getByRole("heading", { name: "Inicie sesión en Fizio" })).toBeVisible();
  await page.getByLabel("Usuario (correo electrónico)").fill(DEMO.provider);
  await page.getByLabel("Contraseña").fill("Fizio#2026");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(mainNav(page).getByRole("link", { name: "Home" })).toBeVisible();
});

test("the Spanish texts are downloaded only for Spanish, and a Spanish page never shows English first", async ({
  page,
}) => {
  const catalogues: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/catalogue-[\w-]+\.js$/.test(new URL(request.url()).pathname))
      catalogues.push(request.url());
  });
  // Every heading the page ever shows, from its first paint on.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { seenHeadings: seen });
    new MutationObserver(() => {
      for (const heading of document.querySelectorAll("h1")) seen.push(heading.textContent ?? "");
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in to Fizio" })).toBeVisible();
  expect(catalogues).toEqual([]);

  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.getByRole("heading", { name: "Inicie sesión en Fizio" })).toBeVisible();
  expect(catalogues).toHaveLength(1);

  await page.reload();
  await expect(page.getByRole("heading", { name: "Inicie sesión en Fizio" })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { seenHeadings: string[] }).seenHeadings),
  ).not.toContain("Sign in to Fizio");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to Fizio" })).toBeVisible();
});
