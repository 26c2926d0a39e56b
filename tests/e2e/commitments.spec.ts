import { expect } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { newMemberTest as test } from "./support/member";

/**
 * Issue 28 §6, with JavaScript on and off: a commitment that comes back every week, ticked day
 * by day, a break for all commitments, and the streak of weeks kept, on a phone and a desktop.
 */

// The browser in the member's zone: with JavaScript on, the pages take the browser's zone for a
// member who has chosen none (the machine's, UTC here, is a day behind Paris from 23:00 UTC).
test.use({ timezoneId: "Europe/Paris" });

/** A day as YYYY-MM-DD in the member's zone (Europe/Paris until they choose one). */
function parisDay(offsetDays = 0) {
  return new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/Paris" });
}

test("a weekly commitment ticked day by day, a break, and the streak of weeks kept", async ({ page }) => {
  await page.goto("/my_commitments");
  const form = page.locator("section", { has: page.getByRole("heading", { name: "Nouvel engagement" }) });

  // A weekly rule with no day is refused with a clear word, and nothing is added.
  await form.getByLabel("Mon engagement").fill("Courir");
  await form.getByLabel("Chaque semaine").check();
  await form.getByRole("button", { name: "Ajouter l’engagement" }).click();
  await expect(page.getByText("Choisissez au moins un jour de la semaine.")).toBeVisible();
  await expect(page.locator(".commitment")).toHaveCount(0);

  // Every day of the week: today is surely one of them.
  for (const day of ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"])
    await form.getByLabel(day, { exact: true }).check();
  await form.getByRole("button", { name: "Ajouter l’engagement" }).click();
  const item = page.locator(".commitment", { hasText: "Courir" });
  await expect(
    item.getByText("Chaque semaine : lundi, mardi, mercredi, jeudi, vendredi, samedi, dimanche"),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "0 semaine tenue d’affilée" })).toBeVisible();
  await expect(
    page.locator(".streak").getByText(/Les jours en pause ne sont ni en retard ni comptés contre vous/),
  ).toBeVisible();

  // Today ticked on its own; the days ahead stay to come.
  const todayDay = item.locator(".occurrence--today");
  await expect(todayDay).toHaveCount(1);
  await todayDay.getByRole("button", { name: /C’est fait/ }).click();
  await expect(item.locator(".occurrence--today")).toHaveCount(0);
  await expect(item.getByRole("region", { name: "Cette semaine : Courir" }).locator(".occurrence--done")).toHaveCount(
    1,
  );

  // A week off for all commitments, from tomorrow.
  const breakForm = page.locator("section", { has: page.getByRole("heading", { name: "Faire une pause" }) });
  await breakForm.getByLabel("Du", { exact: true }).fill(parisDay(1));
  await breakForm.getByLabel("Au (inclus)").fill(parisDay(7));
  await breakForm.getByRole("button", { name: "Mettre en pause" }).click();
  await expect(breakForm.getByText(/^Tous mes engagements : du /)).toBeVisible();
  const isSunday = new Date(`${parisDay()}T12:00:00Z`).getUTCDay() === 0;
  if (!isSunday) await expect(item.locator(".occurrence--paused").first()).toBeVisible();
  await expect(item.locator(".occurrence--ahead")).toHaveCount(0);
  await checkPage(page, "commitments-recurring");

  // The break not started yet is cancelled: the days ahead are to come again.
  await breakForm.getByRole("button", { name: "Annuler cette pause" }).click();
  await expect(breakForm.getByText(/^Tous mes engagements : du /)).toHaveCount(0);
  await expect(item.locator(".occurrence--paused")).toHaveCount(0);
});
