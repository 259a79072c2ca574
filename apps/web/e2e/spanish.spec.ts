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
