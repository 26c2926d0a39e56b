import { expect, type Page } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { newMemberTest as test } from "./support/member";

/**
 * Issue 23 item 10, with JavaScript on and off: the crew list and the surveys list hold a page
 * at a time, with "Précédente / Page 2 sur 2 / Suivante" links; none is cut off silently. The
 * lists are filled with the pages' own form posts (the crew email quotas allow this many).
 */
const two = (i: number) => String(i + 1).padStart(2, "0");

async function addCrew(page: Page, count: number) {
  // Addresses of their own: the recipient quota counts by address across members, and the two
  // tests of a project run side by side, in the same millisecond at times.
  const run = test.info().testId;
  for (let i = 0; i < count; i++) {
    const answer = await page.request.post("/my_team/add", {
      form: { name: `Équipier ${two(i)}`, email: `crew-${two(i)}-${run}-${Date.now()}@cap.test`, relation: "friend" },
    });
    expect(answer.ok(), `crew member ${i + 1}`).toBe(true);
  }
}

function pagination(page: Page, name: string) {
  return page.getByRole("navigation", { name });
}

test("the crew list shows 12 people a page, the rest on page 2", async ({ page }) => {
  test.setTimeout(120_000);
  await addCrew(page, 13);
  await page.goto("/my_team/list");
  const cards = page.locator("ul.crew-list > li");
  await expect(cards).toHaveCount(12);
  await expect(cards.first().getByRole("heading")).toHaveText("Équipier 01");
  const pages = pagination(page, "Mon équipage");
  await expect(pages.getByText("Page 1 sur 2")).toBeVisible();
  await expect(pages.getByRole("link", { name: /Précédente/ })).toHaveCount(0);

  await pages.getByRole("link", { name: /Suivante/ }).click();
  await expect(page).toHaveURL("/my_team/list?page=2");
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByRole("heading")).toHaveText("Équipier 13");
  await expect(pages.getByText("Page 2 sur 2")).toBeVisible();
  await checkPage(page, "team-list-page-2");

  await pages.getByRole("link", { name: /Précédente/ }).click();
  await expect(page).toHaveURL("/my_team/list");
  await expect(cards).toHaveCount(12);

  // A page number that is not one shows the first page; one past the end, the last.
  await page.goto("/my_team/list?page=abc");
  await expect(pages.getByText("Page 1 sur 2")).toBeVisible();
  await page.goto("/my_team/list?page=99");
  await expect(pages.getByText("Page 2 sur 2")).toBeVisible();
});

test("the surveys list shows 10 a page, newest first; closing one on page 2 stays on page 2", async ({ page }) => {
  test.setTimeout(120_000);
  // Six people: each gets their invitation and at most two survey links (three emails a day).
  await addCrew(page, 6);
  await page.goto("/my_team/surveys");
  const crew = await page
    .locator('input[name="crew"]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(crew).toHaveLength(6);
  for (let i = 0; i < 11; i++) {
    const form = new URLSearchParams({ title: `Questionnaire ${two(i)}`, crew: crew[i % crew.length] });
    for (const [n, question] of ["Écoute", "Fiabilité", "Énergie"].entries()) form.set(`questions[${n}]`, question);
    const answer = await page.request.post("/my_team/surveys", {
      data: form.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(answer.ok(), `survey ${i + 1}`).toBe(true);
  }

  await page.goto("/my_team/surveys");
  const list = page.locator("section").filter({ has: page.getByRole("heading", { name: "Mes questionnaires" }) });
  const surveys = list.locator("ul.crew-list > li");
  await expect(surveys).toHaveCount(10);
  await expect(surveys.first()).toContainText("Questionnaire 11");
  const pages = pagination(page, "Mes questionnaires");
  await expect(pages.getByText("Page 1 sur 2")).toBeVisible();

  await pages.getByRole("link", { name: /Suivante/ }).click();
  await expect(page).toHaveURL("/my_team/surveys?page=2#surveys-list-title");
  await expect(surveys).toHaveCount(1);
  await expect(surveys.first()).toContainText("Questionnaire 01");
  await checkPage(page, "surveys-page-2");

  await surveys.first().getByRole("button", { name: "Clore et voir les résultats" }).click();
  await expect(page).toHaveURL("/my_team/surveys?closed&page=2");
  await expect(page.getByText("Questionnaire clos.")).toBeVisible();
  await expect(surveys.first()).toContainText("Clos");
  await expect(pages.getByText("Page 2 sur 2")).toBeVisible();
});
