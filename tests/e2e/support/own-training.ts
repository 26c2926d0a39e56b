import { expect, type Page, test } from "@playwright/test";

/**
 * A copy of a seeded training under a slug of the test's own, made as an author would: its
 * published file downloaded, then imported as a new training's draft (/author/trainings/import).
 * Journeys that save drafts each edit their own copy, so the ones running at once on one server
 * never make each other's saves stale. The member must be an author already.
 */
export async function ownTraining(page: Page, from: string): Promise<string> {
  const answer = await page.request.get(`/author/trainings/${from}/file.json`);
  expect(answer.status()).toBe(200);
  const file = (await answer.json()) as { slug: string };
  // Unique per project and run: a PostgreSQL database may outlive a run.
  const slug = `${from}-${test.info().project.name}-${Date.now().toString(36)}`;
  file.slug = slug;
  await page.goto("/author/trainings/import");
  await page.getByLabel("Fichier JSON de la formation").setInputFiles({
    name: `${slug}.json`,
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(file)),
  });
  await page.getByRole("button", { name: "Créer le brouillon" }).click();
  await expect(page).toHaveURL(new RegExp(`/author/trainings/${slug}(\\?|$)`));
  return slug;
}
