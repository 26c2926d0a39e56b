import { describe, expect, it } from "vitest";
import { readDraft, saveDraft } from "~/.server/authoring/drafts.server";
import { publishDraft } from "~/.server/authoring/publish.server";
import type { DraftContent } from "~/content/training-schema";
import ModulePage, {
  action as moduleAction,
  loader as moduleLoader,
} from "~/routes/_default.training.$training_slug.modules.$module_slug";
import { renderPage, type TestMember, verifiedMember } from "../support/accounts";
import { buildRequest, callWith, dataOf, statusOf } from "../support/http";
import { withRole } from "../support/roles";
import { seededContent, validAnswers } from "../support/trainings";

/**
 * A quiz tells the truth: "réussi" only at or above its pass mark, below it what it takes and that
 * the member may try again, and after each attempt a review (each question right or wrong, the
 * right answers when the author shows them, the author's feedback). The module waits for the mark
 * when its author says so.
 */
const TRAINING = "j-embarque";
const module = seededContent[TRAINING].modules[0];
const params = { training_slug: TRAINING, module_slug: module.slug };
const path = `/training/${TRAINING}/modules/${module.slug}`;
const right = validAnswers(module);
// The first question answered "Mon coach": 1 of the 2 graded questions right, under the 70 % mark.
const wrong = { ...right, "qui-tient-la-barre": ["mon-coach"] };

async function post(member: TestMember, form: Record<string, string | string[]>) {
  return callWith(moduleAction, buildRequest(path, { form, cookie: member.cookie }), { params });
}

async function answer(member: TestMember, answers: Record<string, string[]>) {
  const form: Record<string, string[]> = { intent: ["quiz"] };
  for (const [question, ids] of Object.entries(answers)) form[`q_${question}`] = ids;
  expect(statusOf(await post(member, form))).toBe(303);
}

/** The module's page as a browser without JavaScript gets it, and its loader's data. */
async function pageOf(member: TestMember) {
  const loaderData = await dataOf<{ module: { completed: boolean } }>(
    await callWith(moduleLoader, buildRequest(path, { cookie: member.cookie }), { params }),
  );
  const html = (await renderPage(ModulePage, { path, loaderData })).replaceAll("<!-- -->", "");
  return { completed: loaderData.module.completed, html };
}

async function publishEdit(edit: (content: DraftContent) => void) {
  const author = await withRole("author@example.com", "author");
  const revision = (await readDraft(TRAINING))!.revision;
  const saved = await saveDraft(TRAINING, { revision, authorId: author.memberId, lang: "fr" }, (content) => {
    edit(content);
    return content;
  });
  expect(saved.ok).toBe(true);
  expect((await publishDraft(TRAINING, { revision: revision + 1, authorId: author.memberId })).ok).toBe(true);
}

describe("a quiz below its pass mark", () => {
  it("is not passed: the member reads what it takes, the review, and the module waits", async () => {
    const member = await verifiedMember();
    for (const part of module.parts) await post(member, { intent: "read", part: part.slug });
    await answer(member, wrong);

    const failed = await pageOf(member);
    expect(failed.completed).toBe(false);
    expect(failed.html).toContain("Quiz non réussi");
    expect(failed.html).not.toContain("Quiz réussi");
    expect(failed.html).toContain("1 bonne réponse sur 2.");
    expect(failed.html).toContain("Il faut 2 bonnes réponses sur 2 (70 %) pour le réussir.");
    expect(failed.html).toContain("Le module sera terminé une fois ce quiz réussi.");
    expect(failed.html).toContain("vous pouvez répondre autant de fois que vous le souhaitez");
    expect(failed.html).not.toContain("Bravo, vous avez terminé ce module");
    // The review: the wrong question, what was picked, the right answer and the author's feedback.
    expect(failed.html).toContain("Faux");
    expect(failed.html).toContain("Votre réponse : Mon coach");
    expect(failed.html).toContain("La bonne réponse : Moi, le capitaine");
    expect(failed.html).toContain("c’est vous qui décidez du cap");
    // The opinion question is neither right nor wrong.
    expect(failed.html).toContain("Pas de bonne réponse attendue");

    // Tried again with the right answers: passed, and the module is completed.
    await answer(member, right);
    const passed = await pageOf(member);
    expect(passed.completed).toBe(true);
    expect(passed.html).toContain("Quiz réussi");
    expect(passed.html).toContain("2 bonnes réponses sur 2.");
    expect(passed.html).not.toContain("Quiz non réussi");
    expect(passed.html).not.toContain("La bonne réponse :");
    expect(passed.html).toContain("Bravo, vous avez terminé ce module.");
  });

  it("completes the module anyway when the author does not require the mark, and hides the right answers if asked", async () => {
    await publishEdit((content) => {
      content.modules[0].quiz!.requirePass = false;
      content.modules[0].quiz!.showAnswers = false;
    });
    const member = await verifiedMember();
    for (const part of module.parts) await post(member, { intent: "read", part: part.slug });
    await answer(member, wrong);
    const page = await pageOf(member);
    expect(page.completed).toBe(true);
    expect(page.html).toContain("Quiz non réussi");
    expect(page.html).toContain("Le module compte tout de même comme fait.");
    expect(page.html).toContain("Faux");
    expect(page.html).not.toContain("La bonne réponse");
    expect(page.html).toContain("c’est vous qui décidez du cap");
  });

  it("says “Quiz terminé” when nothing is graded", async () => {
    await publishEdit((content) => {
      for (const question of content.modules[0].quiz!.questions)
        for (const choice of question.answers) delete choice.correct;
    });
    const member = await verifiedMember();
    await answer(member, wrong);
    const { html } = await pageOf(member);
    expect(html).toContain("Quiz terminé");
    expect(html).not.toContain("Quiz réussi");
    expect(html).not.toContain("Quiz non réussi");
    expect(html).toContain("Vos réponses sont enregistrées.");
  });
});
