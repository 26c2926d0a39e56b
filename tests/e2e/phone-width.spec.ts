import { expect, type Page } from "@playwright/test";
import { visitorPage } from "./support/member";
import { grantRole, signedInAs } from "./support/roles";
import { test } from "./support/test";

/**
 * With JavaScript on and off, at a phone's width (390 px): no page the journeys visit is wider
 * than the screen, so nothing makes a member scroll sideways, even with a 60-character address
 * and a 40-character word in a name and in a commitment's title. A table too wide for a phone
 * scrolls inside its own frame.
 */
test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 240_000 });

/** 40 letters with no place to break. */
const longWord = "Circumnavigationtransatlantiquesolitaire";

/**
 * Fails with the page's address and its widest element when the page is wider than the window
 * (a pixel allowed for rounding): the element reaching furthest right, the innermost of those.
 */
async function expectFitsThePhone(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), `${path} answers`).toBeLessThan(400);
  const overflow = await page.evaluate(() => {
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth <= width + 1) return null;
    // An element inside a frame that scrolls or clips on its own does not widen the page.
    const clipped = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== "visible") return true;
      }
      return false;
    };
    let widest: { element: Element; right: number } | null = null;
    for (const element of document.body.querySelectorAll("*")) {
      const right = element.getBoundingClientRect().right + window.scrollX;
      // A closed menu's links have boxes too, yet none on the screen.
      if (right <= width + 1 || !element.checkVisibility() || clipped(element)) continue;
      if (!widest || right >= widest.right) widest = { element, right };
    }
    const element = widest?.element;
    return {
      scrollWidth: document.documentElement.scrollWidth,
      width,
      widest: element
        ? `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}"> ${Math.round(widest?.right ?? 0)} px: ${(element.textContent ?? "").trim().slice(0, 60)}`
        : "none found",
    };
  });
  // Soft: one run names every page too wide, not only the first.
  const message = overflow
    ? `${page.url()} is ${overflow.scrollWidth} px wide in a ${overflow.width} px window; widest: ${overflow.widest}`
    : undefined;
  expect.soft(overflow, message).toBeNull();
}

test("a visitor's pages fit a phone", async ({ browser }) => {
  const page = await visitorPage(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [
    "/home",
    "/home/login",
    "/home/register",
    "/home/forgot-password",
    "/home/who-are-you",
    "/coming-soon",
    "/legal/mentions-legales",
    "/legal/confidentialite",
    "/legal/conditions-utilisation",
  ]) {
    await expectFitsThePhone(page, path);
  }
  await page.context().close();
});

test("a member's, a coach's, an author's and an admin's pages fit a phone, with a long address and word", async ({
  browser,
  playwright,
}) => {
  // 60 characters, with no hyphen to break at.
  const email = `marie.testeuse.navigatrice.au.cours.${Date.now()}${test.info().project.name.slice(-2)}@cap.test`;
  expect(email).toHaveLength(60);
  const { page, context } = await signedInAs(
    "admin",
    { browser, playwright },
    { email, viewport: { width: 390, height: 844 } },
  );
  await grantRole(email, "coach");
  await grantRole(email, "author");

  // A name with a 40-letter word, shown in the sidebar, the profile and the admin's pages.
  await page.goto("/profile");
  const details = page.getByRole("region", { name: "Mes informations" });
  await details.getByLabel("Nom", { exact: true }).fill(longWord);
  await details.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("status")).toHaveText("Vos informations sont enregistrées.");

  await page.goto("/my_commitments");
  await page.getByLabel("Mon engagement").fill(`Réussir ma ${longWord}`);
  await page.getByRole("button", { name: "Ajouter l’engagement" }).click();
  await expect(page.locator(".commitment", { hasText: longWord })).toBeVisible();

  const memberPages = [
    "/",
    "/result",
    "/trainings",
    "/old_trainings",
    "/training/le-point-gps",
    "/training/j-embarque",
    "/training/le-point-gps/modules/ou-suis-je",
    "/training/capitaine/modules/questionnaire",
    "/training_results/le_point_gps",
    "/training_results/j-embarque",
    "/my_life_gps",
    "/my_commitments",
    "/coaching",
    "/coaching/claire-moreau",
    "/my_team/list",
    "/my_team/add",
    "/my_team/surveys",
    "/invitations",
    "/profile",
    "/profile/notifications",
    "/profile/photo",
    "/profile/time-zone",
    "/profile/two-factor",
    "/profile/data",
  ];
  const coachPages = ["/coach/agenda", "/coach/hours", "/coach/profile"];
  const authorPages = [
    "/author",
    "/author/trainings",
    "/author/trainings/new",
    "/author/trainings/import",
    "/author/check",
    "/author/trainings/capitaine",
    "/author/trainings/capitaine/modules",
    "/author/trainings/capitaine/modules/questionnaire",
    "/author/trainings/capitaine/modules/questionnaire/quiz",
    "/author/trainings/capitaine/skills",
    "/author/trainings/capitaine/history",
    "/author/trainings/capitaine/preview",
    "/author/trainings/capitaine/publish",
  ];
  const adminPages = [
    "/admin",
    "/admin/audit",
    "/admin/members",
    `/admin/members?q=${encodeURIComponent(email)}`,
    "/admin/coaches",
    "/admin/codes",
    "/admin/codes/new",
    "/admin/legal",
    "/admin/legal/mentions-legales",
    "/admin/payments",
    "/admin/prices",
  ];
  for (const path of [...memberPages, ...coachPages, ...authorPages, ...adminPages]) {
    await expectFitsThePhone(page, path);
  }

  // The admin's files of the member with the long address and name, and of a coach.
  await page.goto(`/admin/members?q=${encodeURIComponent(email)}`);
  await page.getByRole("listitem").filter({ hasText: email }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Marie ${longWord}`);
  await expectFitsThePhone(page, new URL(page.url()).pathname);
  await page.goto("/admin/coaches");
  await page.getByRole("link", { name: "Claire Moreau" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Claire Moreau");
  await expectFitsThePhone(page, new URL(page.url()).pathname);
  await context.close();
});
