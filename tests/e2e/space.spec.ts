import { expect } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { newMemberTest as test } from "./support/member";

/** Issue 5's member-space journey, with JavaScript on and off. */
test("set and change the main goal, check in top, see the week", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vue d’ensemble");
  await page.getByLabel("Mon objectif", { exact: true }).fill("Courir un semi-marathon");
  await page.getByRole("button", { name: "Définir mon objectif" }).click();
  const goal = page.locator("#goal");
  await expect(goal.locator(".goal__text")).toHaveText("Courir un semi-marathon");
  await expect(goal.getByText(/^Ajouté le/)).toBeVisible();

  await goal.getByText("Modifier mon objectif").click();
  await goal.getByLabel("Mon objectif", { exact: true }).fill("Changer de métier");
  await goal.getByRole("button", { name: "C’est un nouvel objectif" }).click();
  await expect(goal.locator(".goal__text")).toHaveText("Changer de métier");
  await goal.getByText("Mes objectifs précédents").click();
  await expect(goal.getByText("Courir un semi-marathon")).toBeVisible();

  await page.getByRole("button", { name: /^☀ Top/ }).click();
  await expect(page.getByText("Aujourd’hui : top ☀")).toBeVisible();
  await expect(page.getByText("Aucun rendez-vous cette semaine.")).toBeVisible();
  await page.getByRole("link", { name: /Semaine suivante/ }).click();
  await expect(page).toHaveURL(/\?week=\d{4}-\d{2}-\d{2}/);
  await checkPage(page, "overview");
});

test("add, finish and delete a commitment", async ({ page }) => {
  await page.goto("/my_commitments");
  await checkPage(page, "commitments-empty");
  await page.getByLabel("Mon engagement").fill("Appeler ma sœur");
  await page.getByRole("button", { name: "Ajouter l’engagement" }).click();
  const item = page.locator(".commitment", { hasText: "Appeler ma sœur" });
  await expect(item).toBeVisible();
  await item.getByRole("button", { name: /C’est fait/ }).click();
  await expect(item.getByText("Tenu")).toBeVisible();
  await item.getByRole("link", { name: /Supprimer/ }).click();
  await expect(item.getByText("Supprimer cet engagement ?")).toBeVisible();
  await checkPage(page, "commitments-confirm");
  await item.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByText("Vous n’avez pas encore d’engagement.")).toBeVisible();
});

test("fill the life GPS and see the radar", async ({ page }) => {
  // Reached from the overview, which says how it relates to the "GPS de ma vie" test.
  await page.goto("/");
  await page.getByRole("link", { name: "Mon GPS de vie : refaire le point" }).click();
  await expect(page).toHaveURL("/my_life_gps");
  await expect(page.getByText("Le test « Le GPS de ma vie » vous situe une fois", { exact: false })).toBeVisible();
  await page.getByRole("group", { name: "Santé" }).getByLabel("Note sur 10").fill("8");
  await page.getByRole("group", { name: "Travail" }).getByLabel("Note sur 10").fill("12");
  await page.getByRole("button", { name: "Enregistrer mon GPS" }).click();
  // The browser itself refuses a score over 10 (the server would too): nothing is saved.
  await expect(page.getByRole("group", { name: "Travail" }).getByLabel("Note sur 10")).toHaveJSProperty(
    "validity.valid",
    false,
  );
  await expect(page.getByRole("img", { name: /graphique des scores/ })).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Santé" }).getByLabel("Note sur 10")).toHaveValue("8");
  await page.getByRole("group", { name: "Travail" }).getByLabel("Note sur 10").fill("6");
  await page.getByRole("button", { name: "Enregistrer mon GPS" }).click();
  await expect(page.getByRole("img", { name: /graphique des scores/ })).toBeVisible();
  await expect(page.getByText("Santé : 80 sur 100")).toBeVisible();
  await checkPage(page, "life-gps");
});

test.describe("commitments that grow, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("follow the next page of /my_commitments and come back", async ({ page }) => {
    // Twelve commitments, posted as the page's own form would: two pages of ten.
    for (let i = 1; i <= 12; i++) {
      const answer = await page.request.post("/my_commitments", {
        form: {
          intent: "create",
          title: `Engagement ${String(i).padStart(2, "0")}`,
          dueDate: `2030-01-${String(i).padStart(2, "0")}`,
        },
      });
      expect(answer.ok()).toBe(true);
    }
    await page.goto("/my_commitments");
    const pages = page.getByRole("navigation", { name: "Mes engagements" });
    await expect(pages.getByText("Page 1 sur 2")).toBeVisible();
    await expect(page.locator(".commitment")).toHaveCount(10);
    await pages.getByRole("link", { name: /Suivante/ }).click();
    await expect(page).toHaveURL(/\/my_commitments\?page=2$/);
    await expect(pages.getByText("Page 2 sur 2")).toBeVisible();
    await expect(page.locator(".commitment")).toHaveCount(2);
    await expect(page.getByRole("heading", { name: "Engagement 12" })).toBeVisible();

    // Marking one done on page 2 stays on page 2.
    await page
      .locator(".commitment", { hasText: "Engagement 12" })
      .getByRole("button", { name: /C’est fait/ })
      .click();
    await expect(page).toHaveURL(/\/my_commitments\?page=2#commitment-/);
    await expect(page.locator(".commitment", { hasText: "Engagement 12" }).getByText("Tenu")).toBeVisible();

    await pages.getByRole("link", { name: /Précédente/ }).click();
    await expect(pages.getByText("Page 1 sur 2")).toBeVisible();
    await page.goto("/my_commitments?page=abc");
    await expect(pages.getByText("Page 1 sur 2")).toBeVisible();
  });
});
