import { expect, type APIResponse } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { chooseDate, fact } from "./support/coach-page";
import { waitForMail } from "./support/mailbox";
import { newMemberTest as test } from "./support/member";

/**
 * Issue 28 item 10, with JavaScript on and off: before a session with Claire the member writes
 * what they want to talk about and lets her see their last life GPS (not their goal); Claire,
 * who has no account, reads exactly that on the private link of her email and on the agenda's
 * page of the session.
 *
 * Claire's dates: coaching.spec.ts books her first ones (its lanes, then +2 and +8); this journey
 * books from the 16th date on, one lane per worker.
 */
test.use({ timezoneId: "Europe/Paris" });

const CLAIRE = "claire.moreau@coachs.cap.example";
const AREAS = ["sante", "travail", "relations", "finances", "loisirs", "developpement"];

function expectOk(response: APIResponse, step: string) {
  expect(response.ok(), `${step}: HTTP ${response.status()}`).toBe(true);
}

test("a member prepares a session; the coach reads exactly what they chose", async ({ page, browser }) => {
  test.setTimeout(300_000);
  // What the member has to share: a main goal and a life GPS (posted as their forms do).
  expectOk(
    await page.request.post("/?index", { form: { intent: "edit", title: "Changer de métier en secret" } }),
    "goal",
  );
  const ratings = Object.fromEntries(
    AREAS.flatMap((area, index) => [
      [`${area}_score`, String(index + 4)],
      [`${area}_note`, `Mon mot ${area}`],
    ]),
  );
  expectOk(await page.request.post("/my_life_gps", { form: ratings }), "life GPS");

  // The member books with Claire.
  await page.goto("/coaching/claire-moreau");
  await chooseDate(page, 16 + test.info().parallelIndex);
  await page.locator("ul.times a").first().click();
  await page.getByRole("button", { name: "Confirmer la réservation" }).click();
  // A booking is a transaction under a lock: on a loaded runner its answer takes a while.
  await expect(page).toHaveURL(/\/coaching\/sessions\/[0-9a-f-]{36}\?booked$/, { timeout: 30_000 });
  const date = (await fact(page, "Date").textContent())?.trim() ?? "";
  const time = (await fact(page, "Heure").textContent())?.trim() ?? "";
  await expect(page.getByText("Vous n’avez encore rien écrit ni partagé pour Claire Moreau.")).toBeVisible();

  // The prep page: nothing ticked to begin with.
  await page.getByRole("link", { name: "Préparer la séance" }).click();
  await expect(page).toHaveURL(/\/coaching\/sessions\/[0-9a-f-]{36}\/prepare$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Préparer la séance");
  const goal = page.getByRole("checkbox", { name: "Mon objectif principal : « Changer de métier en secret »" });
  const lifeGps = page.getByRole("checkbox", { name: /^Mon dernier GPS de vie, du / });
  await expect(goal).not.toBeChecked();
  await expect(lifeGps).not.toBeChecked();
  await expect(page.getByRole("radio", { name: "Aucun résultat" })).toBeChecked();
  await checkPage(page, "session-prep-form");

  await page.getByLabel("Ce dont vous voulez parler").fill("Ma reconversion.\nEt le temps que ça prend.");
  await lifeGps.check();
  await page.getByRole("button", { name: "Enregistrer ma préparation" }).click();
  await expect(page.getByText("C’est enregistré : Claire Moreau verra exactement ce que vous avez choisi")).toBeVisible(
    { timeout: 30_000 },
  );
  await expect(lifeGps).toBeChecked();
  await expect(goal).not.toBeChecked();
  await expect(page.getByLabel("Ce dont vous voulez parler")).toHaveValue(
    "Ma reconversion.\nEt le temps que ça prend.",
  );
  await checkPage(page, "session-prep-saved");

  // The session page sums it up.
  await page.getByRole("link", { name: "Retour à la séance" }).click();
  await expect(page.getByText("Claire Moreau peut voir : votre dernier GPS de vie.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Modifier ma préparation" })).toBeVisible();

  // Claire's confirmation carries her private links (she has no account): a browser of her own.
  const coachMail = await waitForMail(CLAIRE, new RegExp(`^Séance découverte confirmée : ${date}, ${time}`));
  const sessionUrl = /https?:\/\/\S+\/coach\/session\/[\w-]{43}/.exec(coachMail.text)?.[0];
  const agendaUrl = /https?:\/\/\S+\/coach\/agenda\/[\w-]{43}/.exec(coachMail.text)?.[0];
  expect(sessionUrl && agendaUrl, "the coach's mail carries the session and agenda links").toBeTruthy();
  const coach = await browser.newContext({
    javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false,
    timezoneId: "Europe/Paris",
    locale: "fr-FR",
  });
  try {
    const claire = await coach.newPage();
    const readsExactlyTheChoice = async (name: string) => {
      const prep = claire.locator("#prep");
      await expect(prep.getByRole("heading", { level: 2 })).toHaveText("Ce que Marie Testeuse vous confie");
      await expect(prep.getByText("Ma reconversion.", { exact: false })).toBeVisible();
      await expect(prep.getByRole("row", { name: /Santé\s+4\s+Mon mot sante/ })).toBeVisible();
      await expect(prep.locator("tbody tr")).toHaveCount(AREAS.length);
      // Not ticked: the goal is nowhere on the page.
      await expect(claire.getByText("Changer de métier en secret")).toHaveCount(0);
      await checkPage(claire, name);
    };

    await claire.goto(new URL(sessionUrl!).pathname);
    await readsExactlyTheChoice("session-prep-coach-link");

    // The agenda: this session's card leads to its page, with the same prep.
    await claire.goto(new URL(agendaUrl!).pathname);
    const card = claire
      .locator("#upcoming li.card")
      .filter({ has: claire.getByText(date, { exact: true }) })
      .filter({ has: claire.getByText(time, { exact: true }) });
    await card.getByRole("link", { name: "Voir la séance de Marie Testeuse et sa préparation" }).click();
    await expect(claire).toHaveURL(/\/coach\/agenda\/[\w-]{43}\/sessions\/[0-9a-f-]{36}$/);
    await expect(claire.getByRole("heading", { level: 1 })).toHaveText("Séance avec Marie Testeuse");
    await readsExactlyTheChoice("session-prep-coach-agenda");
  } finally {
    await coach.close();
  }
});
