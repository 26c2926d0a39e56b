import { expect, type Page } from "@playwright/test";
import { test } from "./support/test";
import { checkPage } from "./support/check-page";
import { signedInTest } from "./support/member";

/** The public pages (home layout) and their headings in both languages. */
const publicPages = [
  {
    name: "home",
    path: "/home",
    fr: "Prenez le cap de votre vie, un module à la fois.",
    en: "Set the course of your life, one module at a time.",
  },
  { name: "coming-soon", path: "/coming-soon", fr: "Bientôt sur Cap", en: "Coming soon to Cap" },
  { name: "who-are-you", path: "/home/who-are-you", fr: "Qui êtes-vous ?", en: "Who are you?" },
  { name: "start-freemium", path: "/home/start-freemium", fr: "L’offre gratuite", en: "The free offer" },
] as const;

const sidebarLinks = [
  { name: "Vue d’ensemble", href: "/" },
  { name: "Mon profil", href: "/profile" },
  { name: "Formation", href: "/trainings" },
  { name: "Mon équipage", href: "/my_team" },
  { name: "Mes engagements", href: "/my_commitments" },
  { name: "Coaching", href: "/coaching" },
  { name: "Mon GPS de vie", href: "/my_life_gps" },
] as const;

function html(page: Page) {
  return page.locator("html");
}

function languageSwitch(page: Page) {
  return page.getByRole("form", { name: /^(Langue|Language)$/ });
}

for (const p of publicPages) {
  test(`${p.path} is in French by default and passes axe`, async ({ page }) => {
    const response = await page.goto(p.path);
    expect(response?.status()).toBe(200);
    await expect(html(page)).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.fr);
    await expect(languageSwitch(page).getByRole("button", { name: "FR", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await checkPage(page, p.name);
  });

  test(`${p.path}: the language switch turns the page to English and stays on ${p.path}`, async ({ page }) => {
    await page.goto(p.path);
    await expect(html(page)).toHaveAttribute("lang", "fr");

    await languageSwitch(page).getByRole("button", { name: "EN", exact: true }).click();

    await expect(html(page)).toHaveAttribute("lang", "en");
    await expect(page).toHaveURL(p.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.en);
    await expect(languageSwitch(page).getByRole("button", { name: "EN", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });
}

test("the chosen language is remembered on the next page, and FR switches back", async ({ page }) => {
  await page.goto("/coming-soon");
  await languageSwitch(page).getByRole("button", { name: "EN", exact: true }).click();
  await expect(html(page)).toHaveAttribute("lang", "en");

  await page.goto("/home/start-freemium");
  await expect(html(page)).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The free offer");

  await languageSwitch(page).getByRole("button", { name: "FR", exact: true }).click();
  await expect(html(page)).toHaveAttribute("lang", "fr");
  await expect(page).toHaveURL("/home/start-freemium");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("L’offre gratuite");
});

test.describe("a browser asking for a language Cap does not offer", () => {
  test.use({ locale: "de-DE" });

  test("gets French", async ({ page }) => {
    await page.goto("/home");
    await expect(html(page)).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(publicPages[0].fr);
  });
});

test.describe("a browser asking for English", () => {
  test.use({ locale: "en-US" });

  test("gets English until French is chosen", async ({ page }) => {
    await page.goto("/home");
    await expect(html(page)).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(publicPages[0].en);

    await languageSwitch(page).getByRole("button", { name: "FR", exact: true }).click();
    await expect(html(page)).toHaveAttribute("lang", "fr");
    await expect(page).toHaveURL("/home");
  });
});

test("/home/who-are-you: choosing captain goes to registration with user_type=captain", async ({ page }) => {
  await page.goto("/home/who-are-you");
  // Adventurer is the default user type (SPEC §1, §9).
  await expect(page.getByRole("radio", { name: /^Aventurier/ })).toBeChecked();

  await page.getByRole("radio", { name: /^Capitaine/ }).check();
  await page.getByRole("button", { name: "Continuer vers l’inscription" }).click();

  // The register page comes later: only where the choice leads is checked here.
  await expect(page).toHaveURL("/home/register?user_type=captain");
});

test("an unknown path answers 404 with “Page not found: {path}”", async ({ page }) => {
  const response = await page.goto("/nope");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByText("Page not found: /nope")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page introuvable");
  // The language can be switched from the error page itself.
  await page.getByRole("button", { name: "EN" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await page.getByRole("button", { name: "FR" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page introuvable");
  await checkPage(page, "not-found");
});

signedInTest("a page missing inside the member space keeps the sidebar around its 404", async ({ page }) => {
  const response = await page.goto("/training/no-such-training");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page introuvable");
  const sidebar = page.getByRole("navigation", { name: "Espace membre" });
  await expect(sidebar.getByRole("link", { name: "Mon profil" })).toBeAttached();
  await expect(page.getByRole("link", { name: "Revenir à l’accueil" })).toBeVisible();
  await checkPage(page, "not-found-signed-in");
});

test("a visitor who is not signed in is sent from / to the login page", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL("/home/login?redirect_after=%2F");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Connexion");
});

// The signed-in layout: a member registered and verified once per worker (support/member.ts).
signedInTest.describe("the signed-in layout on a phone", () => {
  signedInTest.use({ viewport: { width: 390, height: 844 } });

  signedInTest("keeps the sidebar links in a menu that opens from its summary", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vue d’ensemble");

    const menu = page.locator("details").filter({ has: page.locator("summary", { hasText: "Menu" }) });
    await expect(menu).toBeVisible();
    await expect(menu).not.toHaveAttribute("open");
    for (const link of sidebarLinks) {
      await expect(page.getByRole("link", { name: link.name, exact: true })).toBeHidden();
    }

    await menu.locator("summary").click();

    await expect(menu).toHaveAttribute("open");
    for (const link of sidebarLinks) {
      const inMenu = menu.getByRole("link", { name: link.name, exact: true });
      await expect(inMenu).toBeVisible();
      await expect(inMenu).toHaveAttribute("href", link.href);
    }
    await checkPage(page, "overview-menu-open");
  });
});

signedInTest.describe("the signed-in layout on a desktop", () => {
  signedInTest.use({ viewport: { width: 1280, height: 800 } });

  signedInTest("shows the sidebar links directly", async ({ page, member }) => {
    await page.goto("/");
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vue d’ensemble");

    await expect(page.locator("summary", { hasText: "Menu" })).toBeHidden();
    const nav = page.getByRole("navigation", { name: "Espace membre" });
    for (const link of sidebarLinks) {
      const visible = nav.getByRole("link", { name: link.name, exact: true });
      await expect(visible).toBeVisible();
      await expect(visible).toHaveAttribute("href", link.href);
    }
    await expect(nav.getByRole("link", { name: "Vue d’ensemble", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByText(`${member.firstName} Testeuse`).filter({ visible: true })).toHaveCount(1);
    await checkPage(page, "overview");
  });
});
