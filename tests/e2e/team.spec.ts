import { expect, type Page } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { waitForMail } from "./support/mailbox";
import { newMemberTest as test, visitorPage } from "./support/member";

/**
 * Issue 5's team journey, with JavaScript on and off: a member adds a crew member, who receives
 * the invitation, registers through it and shows as joined; the member sends a 360 survey, it is
 * answered three times through the private links, and the anonymous result shows.
 */
function linkIn(text: string, pathname: string): string {
  const found = text
    .match(/https?:\/\/\S+/g)
    ?.map((href) => new URL(href))
    .find((url) => url.pathname.startsWith(pathname));
  expect(found, `a ${pathname} link in:\n${text}`).toBeTruthy();
  return found!.pathname + found!.search;
}

async function addCrewMember(page: Page, name: string, email: string, relation: string) {
  await page.goto("/my_team/add");
  await page.getByLabel("Nom", { exact: true }).fill(name);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Relation").selectOption({ label: relation });
  await page.getByRole("button", { name: "Ajouter et inviter" }).click();
  await expect(page).toHaveURL(/\/my_team\/list\?added=/);
}

async function answerSurvey(page: Page, link: string, scores: number[], comment: string) {
  await page.goto(link);
  const questions = page.locator("fieldset.question");
  await expect(questions).toHaveCount(scores.length);
  for (let i = 0; i < scores.length; i++) {
    await questions
      .nth(i)
      .getByRole("radio", { name: new RegExp(`^${scores[i]}`) })
      .check();
  }
  if (comment) await questions.first().getByLabel("Commentaire (facultatif)").fill(comment);
  await page.getByRole("button", { name: "Envoyer mes réponses" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Merci pour vos réponses !");
}

test("a member invites a crew member who joins, then gets an anonymous 360 result", async ({ page, browser }) => {
  test.setTimeout(300_000);
  const stamp = `${test.info().project.name}-${Date.now()}`;
  const invitee = `crew-${stamp}@cap.test`;

  await page.goto("/my_team");
  await expect(page).toHaveURL(/\/my_team\/list$/);
  await checkPage(page, "team-empty");

  // A refused form keeps what was typed and says why.
  await page.goto("/my_team/add");
  await checkPage(page, "team-add");
  await page.getByLabel("Nom", { exact: true }).fill("Paul Martin");
  // The browser takes an address without a dot in the domain; the server does not.
  await page.getByLabel("Adresse e-mail").fill("paul@exemple");
  await page.getByLabel("Relation").selectOption({ label: "Collègue" });
  await page.getByRole("button", { name: "Ajouter et inviter" }).click();
  await expect(page.getByText("Adresse e-mail invalide")).toBeVisible();
  await expect(page.getByLabel("Nom", { exact: true })).toHaveValue("Paul Martin");
  await checkPage(page, "team-add-refused");

  await addCrewMember(page, "Paul Martin", invitee, "Collègue");
  await expect(page.getByText("Paul Martin fait maintenant partie de votre équipage")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: invitee }).getByText("Invité·e")).toBeVisible();
  await checkPage(page, "team-list");

  // The invitee registers through the emailed link: the address is filled in.
  const invitation = await waitForMail(invitee, /Une invitation à rejoindre un équipage/);
  const registerLink = linkIn(invitation.text, "/home/register");
  const visitor = await visitorPage(browser);
  await visitor.goto(registerLink);
  await visitor.getByLabel("Prénom").fill("Paul");
  await visitor.getByLabel("Nom", { exact: true }).fill("Martin");
  await visitor.getByLabel("Date de naissance").fill("1988-03-02");
  await visitor.getByRole("button", { name: "Continuer" }).click();
  await expect(visitor.getByLabel("Adresse e-mail")).toHaveValue(invitee);
  await visitor.getByLabel("Mot de passe", { exact: true }).fill("Bon-vent-2024!");
  await visitor.getByLabel("Confirmez le mot de passe").fill("Bon-vent-2024!");
  await visitor.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(visitor).toHaveURL(/\/account_verification/);
  await visitor.context().close();

  await page.goto("/my_team/list");
  await expect(page.getByRole("listitem").filter({ hasText: invitee }).getByText("A rejoint Cap")).toBeVisible();

  // Edit, and the removal's confirmation step (cancelled).
  await page.getByRole("link", { name: "Modifier Paul Martin" }).click();
  await expect(page).toHaveURL(/\/my_team\/edit-[0-9a-f-]{36}$/);
  await checkPage(page, "team-edit");
  await page.getByLabel("Relation").selectOption({ label: "Ami·e" });
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Les modifications sont enregistrées.")).toBeVisible();
  await page.getByRole("link", { name: "Modifier Paul Martin" }).click();
  await page.getByRole("link", { name: "Retirer de mon équipage" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Retirer Paul Martin de votre équipage ?");
  await checkPage(page, "team-remove-confirm");
  await page.getByRole("link", { name: "Annuler" }).click();

  // Two more crew members, then a survey to all three.
  const others = [`lina-${stamp}@cap.test`, `sami-${stamp}@cap.test`];
  await addCrewMember(page, "Lina", others[0], "Famille");
  await addCrewMember(page, "Sami", others[1], "Manager");
  await page.goto("/invitations");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invitations");
  await checkPage(page, "invitations");

  await page.goto("/my_team/surveys");
  await checkPage(page, "team-surveys");
  for (const name of ["Paul Martin", "Lina", "Sami"]) await page.getByRole("checkbox", { name }).check();
  await page.getByRole("button", { name: "Envoyer le questionnaire" }).click();
  await expect(page.getByText("Votre questionnaire est parti.")).toBeVisible();
  await expect(
    page.getByText("0 réponse pour l’instant. Les résultats s’afficheront à la clôture, s’il y a au moins 3 réponses."),
  ).toBeVisible();

  const links: string[] = [];
  for (const email of [invitee, ...others])
    links.push(linkIn((await waitForMail(email, /Un questionnaire vous attend/)).text, "/survey/"));

  const answering = await visitorPage(browser);
  await answering.goto(links[0]);
  // The respondent is told how many people were asked and how far anonymity goes.
  await expect(answering.getByText("Ce questionnaire a été envoyé à 3 personnes.", { exact: false })).toBeVisible();
  await expect(answering.getByText("Cet anonymat a une limite", { exact: false })).toBeVisible();
  await checkPage(answering, "survey-answer");
  await answerSurvey(answering, links[0], [5, 4, 3], "Toujours présent");
  await checkPage(answering, "survey-thanks");
  await answerSurvey(answering, links[1], [3, 4, 5], "");

  await page.goto("/my_team/surveys");
  await expect(
    page.getByText(
      "2 réponses pour l’instant. Les résultats s’afficheront à la clôture, s’il y a au moins 3 réponses.",
    ),
  ).toBeVisible();

  // A used link cannot answer again.
  await answering.goto(links[0]);
  await expect(answering.getByRole("heading", { level: 1 })).toHaveText("Ce questionnaire a déjà reçu votre réponse");
  await expect(answering.getByRole("button", { name: "Envoyer mes réponses" })).toHaveCount(0);

  await answerSurvey(answering, links[2], [4, 4, 4], "Un vrai capitaine");
  await answering.context().close();

  await page.goto("/my_team/surveys");
  const result = page.getByRole("article", { name: "Comment me vois-tu ?" });
  await expect(result.getByText("3 réponses", { exact: true })).toBeVisible();
  await expect(result.getByText("Moyenne : 4 / 5")).toHaveCount(3);
  await expect(result.getByText("Toujours présent")).toBeVisible();
  await expect(result.getByText("Un vrai capitaine")).toBeVisible();
  await checkPage(page, "team-survey-results");
});
