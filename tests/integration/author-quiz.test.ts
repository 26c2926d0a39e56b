import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { trainingDrafts } from "~/.server/db/schema.server";
import { readDraft } from "~/.server/authoring/drafts.server";
import { scoreQuiz } from "~/.server/trainings/scoring.server";
import { draftContent, trainingContent } from "~/content/training-schema";
import QuestionPage, {
  action as questionAction,
  loader as questionLoader,
} from "~/routes/_default.author.trainings.$slug.modules.$module.quiz.$question/route";
import QuizPage, {
  action as quizAction,
  loader as quizLoader,
} from "~/routes/_default.author.trainings.$slug.modules.$module.quiz._index/route";
import SkillsPage, {
  action as skillsAction,
  loader as skillsLoader,
} from "~/routes/_default.author.trainings.$slug.skills/route";
import { renderPage } from "../support/accounts";
import { dataOf, getAs, headerOf, postAs, statusOf } from "../support/http";
import { withRole } from "../support/roles";

/**
 * Issue 26, item 3 (quizzes) and item 8's bounds for them: an author adds a quiz to a module,
 * writes its questions and answers (the rule `1 ≤ min ≤ max ≤ answers` told with its numbers),
 * marks right answers, sets the pass mark; for a test, points per skill, its skills and profiles,
 * and a preview of the chart a member would get. Every post is bounded and refused with a message,
 * nothing changed; a stale one is a 409; a plain member and a coach get 404 everywhere.
 */
type Routed = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;
type Params = Record<string, string>;

const author = () => withRole("author@example.com", "author");

/** The author's pages in English (the posts in `lang`). */
const get = (loader: Routed, pathname: string, cookie: string, params: Params) =>
  getAs(loader, pathname, cookie, params, { lang: "en" });
const post = (
  action: Routed,
  pathname: string,
  cookie: string,
  params: Params,
  form: Record<string, string | string[]>,
  lang: "fr" | "en" = "en",
) => postAs(action, pathname, cookie, form, params, { lang });

async function revisionOf(slug: string) {
  return String((await readDraft(slug))?.revision);
}

async function draftOf(slug: string) {
  const draft = await readDraft(slug);
  if (!draft) throw new Error(`no draft ${slug}`);
  return draft.content;
}

async function rows() {
  return db().select().from(trainingDrafts);
}

// j-embarque's first module: a graded quiz of 3 questions, each with 4 answers and one right one.
const TRAINING = "j-embarque";
const MODULE = "prendre-la-barre";
const QUESTION = "qui-tient-la-barre";
const quizPath = `/author/trainings/${TRAINING}/modules/${MODULE}/quiz`;
const quizParams = { slug: TRAINING, module: MODULE };
const questionPath = `${quizPath}/${QUESTION}`;
const questionParams = { ...quizParams, question: QUESTION };

const quizOf = async (slug = TRAINING, module = MODULE) =>
  (await draftOf(slug)).modules.find((m) => m.slug === module)?.quiz;

/** The question editor's whole form, as the page fills it from the draft, with `change` applied. */
async function questionForm(change: (form: Record<string, string>) => void = () => {}) {
  const question = (await quizOf())?.questions.find((q) => q.id === QUESTION);
  if (!question) throw new Error("no question");
  const form: Record<string, string> = {
    intent: "question",
    revision: await revisionOf(TRAINING),
    promptFr: question.prompt.fr,
    promptEn: question.prompt.en,
    feedbackFr: question.feedback?.fr ?? "",
    feedbackEn: question.feedback?.en ?? "",
    min: String(question.min),
    max: String(question.max),
  };
  for (const [index, answer] of question.answers.entries()) {
    form[`answers[${index}].id`] = answer.id;
    form[`answers[${index}].labelFr`] = answer.label.fr;
    form[`answers[${index}].labelEn`] = answer.label.en;
    if (answer.correct) form[`answers[${index}].correct`] = "on";
  }
  change(form);
  return form;
}

describe("the quiz editor refuses whoever is neither author nor admin", () => {
  it("a plain member and a coach get 404 from every loader and action, and nothing changes", async () => {
    const plain = await withRole("plain@example.com", null);
    const coach = await withRole("coach@example.com", "coach");
    const before = await rows();
    const revision = await revisionOf(TRAINING);
    const capitaine = { slug: "capitaine" };
    for (const visitor of [plain, coach]) {
      const pages: Array<[Routed, string, Params]> = [
        [quizLoader, quizPath, quizParams],
        [questionLoader, questionPath, questionParams],
        [skillsLoader, "/author/trainings/capitaine/skills", capitaine],
      ];
      for (const [loader, pathname, params] of pages)
        expect(statusOf(await get(loader, pathname, visitor.cookie, params)), pathname).toBe(404);
      const posts: Array<[Routed, string, Params, Record<string, string>]> = [
        [quizAction, quizPath, quizParams, { intent: "passMark", revision, passPercent: "80" }],
        [quizAction, quizPath, quizParams, { intent: "removeQuestion", revision, question: QUESTION }],
        [questionAction, questionPath, questionParams, { intent: "addAnswer", revision, labelFr: "x" }],
        [questionAction, questionPath, questionParams, { intent: "question", revision, min: "1", max: "1" }],
        [skillsAction, "/author/trainings/capitaine/skills", capitaine, { intent: "addSkill", revision, labelFr: "x" }],
      ];
      for (const [action, pathname, params, form] of posts)
        expect(statusOf(await post(action, pathname, visitor.cookie, params, form)), form.intent).toBe(404);
    }
    expect(await rows()).toEqual(before);
  });

  it("an unknown training, module or question is a 404 for an author too", async () => {
    const { cookie } = await author();
    for (const params of [
      { slug: "nope", module: MODULE },
      { slug: TRAINING, module: "nope" },
      { slug: TRAINING, module: "x".repeat(500) },
    ])
      expect(statusOf(await get(quizLoader, quizPath, cookie, params))).toBe(404);
    for (const question of ["nope", "x".repeat(100)])
      expect(statusOf(await get(questionLoader, questionPath, cookie, { ...quizParams, question }))).toBe(404);
    // A module without a quiz has no question pages.
    const noQuiz = await get(questionLoader, questionPath, cookie, {
      slug: "capitaine",
      module: "nope",
      question: "x",
    });
    expect(statusOf(noQuiz)).toBe(404);
    // The skills page is a test's: a training has none.
    expect(statusOf(await get(skillsLoader, "/author/trainings/j-embarque/skills", cookie, { slug: TRAINING }))).toBe(
      404,
    );
  });
});

describe("a module's quiz", () => {
  it("lists the questions with their limits and right answers, and links back to the module", async () => {
    const { cookie } = await author();
    const page = await dataOf<{ quiz: { questions: { id: string; min: number; max: number; answers: number }[] } }>(
      await get(quizLoader, quizPath, cookie, quizParams),
    );
    expect(page.quiz.questions.map((q) => q.id)).toEqual((await quizOf())?.questions.map((q) => q.id));
    const html = (await renderPage(QuizPage, { path: quizPath, lang: "en", loaderData: page })).replaceAll(
      "<!-- -->",
      "",
    );
    expect(html).toContain(`href="/author/trainings/${TRAINING}/modules/${MODULE}"`);
    expect(html).toContain("To choose: 1 to 1 of 4 answers · 1 right answer");
    expect(html).toContain(`href="${quizPath}/${QUESTION}"`);
  });

  it("removes a quiz once confirmed, adds an empty one back, and refuses a second", async () => {
    const { cookie } = await author();
    const unconfirmed = await post(quizAction, quizPath, cookie, quizParams, {
      intent: "removeQuiz",
      revision: await revisionOf(TRAINING),
    });
    expect(statusOf(unconfirmed)).toBe(400);
    expect(await quizOf()).toBeDefined();

    const removed = await post(quizAction, quizPath, cookie, quizParams, {
      intent: "removeQuiz",
      revision: await revisionOf(TRAINING),
      confirm: "yes",
    });
    expect(headerOf(removed, "Location")).toBe(`${quizPath}?saved=quizRemoved`);
    expect(await quizOf()).toBeUndefined();
    const empty = await dataOf<object>(await get(quizLoader, quizPath, cookie, quizParams));
    expect(await renderPage(QuizPage, { path: quizPath, lang: "en", loaderData: empty })).toContain(
      "This module has no quiz.",
    );

    const added = await post(quizAction, quizPath, cookie, quizParams, {
      intent: "addQuiz",
      revision: await revisionOf(TRAINING),
    });
    expect(headerOf(added, "Location")).toBe(`${quizPath}?saved=quizAdded`);
    // A new quiz has a real pass mark, which the module waits for, and a review with the right answers.
    expect(await quizOf()).toEqual({ passPercent: 70, requirePass: true, showAnswers: true, questions: [] });
    const again = await post(quizAction, quizPath, cookie, quizParams, {
      intent: "addQuiz",
      revision: await revisionOf(TRAINING),
    });
    expect(statusOf(again)).toBe(409);
  });

  it("sets the pass mark, 1 to 100, refusing anything else with a message", async () => {
    const { cookie } = await author();
    const saved = await post(quizAction, quizPath, cookie, quizParams, {
      intent: "passMark",
      revision: await revisionOf(TRAINING),
      passPercent: "75",
    });
    expect(headerOf(saved, "Location")).toBe(`${quizPath}?saved=passMark`);
    expect((await quizOf())?.passPercent).toBe(75);
    const before = await rows();
    for (const passPercent of ["0", "101", "-1", "50.5", "abc", ""]) {
      const refused = await post(quizAction, quizPath, cookie, quizParams, {
        intent: "passMark",
        revision: await revisionOf(TRAINING),
        passPercent,
      });
      expect(statusOf(refused), passPercent).toBe(400);
      expect((await dataOf<{ error: Record<string, string[]> }>(refused)).error.passPercent).toEqual([
        "quiz.errors.passMark",
      ]);
    }
    expect(await rows()).toEqual(before);
  });

  it("says whether the module waits for the mark and whether the review shows the right answers", async () => {
    const { cookie } = await author();
    const html = (
      await renderPage(QuizPage, {
        path: quizPath,
        loaderData: await dataOf<object>(await getAs(quizLoader, quizPath, cookie, quizParams)),
      })
    ).replaceAll("<!-- -->", "");
    // The seeded quiz's mark, both boxes ticked as a quiz starts.
    expect(html).toMatch(/name="passPercent"[^>]*value="70"/);
    expect(html).toMatch(/name="requirePass"[^>]*checked/);
    expect(html).toContain("Montrer les bonnes réponses après chaque tentative");
    const saved = await post(quizAction, quizPath, cookie, quizParams, {
      intent: "passMark",
      revision: await revisionOf(TRAINING),
      passPercent: "60",
      showAnswers: "on",
    });
    expect(headerOf(saved, "Location")).toBe(`${quizPath}?saved=passMark`);
    expect(await quizOf()).toMatchObject({ passPercent: 60, requirePass: false, showAnswers: true });
  });

  it("adds a question with two answers to write, its id from its prompt, and opens it", async () => {
    const { cookie } = await author();
    const added = await post(quizAction, quizPath, cookie, quizParams, {
      intent: "addQuestion",
      revision: await revisionOf(TRAINING),
      promptFr: "Qu’est-ce qu’un cap ?",
      promptEn: "What is a heading?",
    });
    expect(headerOf(added, "Location")).toBe(`${quizPath}/qu-est-ce-qu-un-cap?saved=questionAdded`);
    const question = (await quizOf())?.questions.at(-1);
    expect(question).toEqual({
      id: "qu-est-ce-qu-un-cap",
      prompt: { fr: "Qu’est-ce qu’un cap ?", en: "What is a heading?" },
      min: 1,
      max: 1,
      answers: [
        { id: "answer-1", label: { fr: "", en: "" } },
        { id: "answer-2", label: { fr: "", en: "" } },
      ],
    });
    // The same prompt again gets its own id; no prompt at all, a counter.
    await post(quizAction, quizPath, cookie, quizParams, {
      intent: "addQuestion",
      revision: await revisionOf(TRAINING),
      promptFr: "Qu’est-ce qu’un cap ?",
    });
    await post(quizAction, quizPath, cookie, quizParams, {
      intent: "addQuestion",
      revision: await revisionOf(TRAINING),
    });
    expect((await quizOf())?.questions.slice(-3).map((q) => q.id)).toEqual([
      "qu-est-ce-qu-un-cap",
      "qu-est-ce-qu-un-cap-2",
      "question-1",
    ]);
    // Every draft the editor saves keeps the rule: publishing meets no maximum the author did not choose.
    const content = await draftOf(TRAINING);
    for (const q of content.modules[0].quiz?.questions ?? []) expect(q.max).toBeLessThanOrEqual(q.answers.length);
    expect(draftContent.safeParse(content).success).toBe(true);
  });

  it("moves questions up and down and removes one; an unknown question is a 404", async () => {
    const { cookie } = await author();
    const ids = (await quizOf())?.questions.map((q) => q.id) ?? [];
    expect(ids.length).toBe(3);
    const move = async (question: string, direction: string) =>
      post(quizAction, quizPath, cookie, quizParams, {
        intent: "moveQuestion",
        revision: await revisionOf(TRAINING),
        question,
        direction,
      });
    expect(headerOf(await move(ids[0], "down"), "Location")).toBe(`${quizPath}?saved=questionMoved`);
    expect((await quizOf())?.questions.map((q) => q.id)).toEqual([ids[1], ids[0], ids[2]]);
    await move(ids[2], "up");
    expect((await quizOf())?.questions.map((q) => q.id)).toEqual([ids[1], ids[2], ids[0]]);
    // At either end, nothing moves.
    await move(ids[1], "up");
    expect((await quizOf())?.questions.map((q) => q.id)).toEqual([ids[1], ids[2], ids[0]]);
    expect(statusOf(await move(ids[1], "sideways"))).toBe(400);
    expect(statusOf(await move("nope", "up"))).toBe(404);

    const removed = await post(quizAction, quizPath, cookie, quizParams, {
      intent: "removeQuestion",
      revision: await revisionOf(TRAINING),
      question: ids[2],
    });
    expect(headerOf(removed, "Location")).toBe(`${quizPath}?saved=questionRemoved`);
    expect((await quizOf())?.questions.map((q) => q.id)).toEqual([ids[1], ids[0]]);
    const forged = await post(quizAction, quizPath, cookie, quizParams, {
      intent: "removeQuestion",
      revision: await revisionOf(TRAINING),
      question: "x".repeat(65),
    });
    expect(statusOf(forged)).toBe(400);
  });

  it("refuses a question past 50, an unknown intent, and a save from a stale page (409)", async () => {
    const { cookie } = await author();
    const stale = await revisionOf(TRAINING);
    await post(quizAction, quizPath, cookie, quizParams, { intent: "passMark", revision: stale, passPercent: "10" });
    const before = await rows();
    const refused = await post(quizAction, quizPath, cookie, quizParams, {
      intent: "passMark",
      revision: stale,
      passPercent: "20",
    });
    expect(statusOf(refused)).toBe(409);
    expect((await dataOf<{ error: Record<string, string[]> }>(refused)).error[""]).toEqual(["errors.stale"]);
    expect(statusOf(await post(quizAction, quizPath, cookie, quizParams, { intent: "hack", revision: stale }))).toBe(
      400,
    );
    expect(await rows()).toEqual(before);

    // Fill the quiz up to the bound straight in the draft, then ask for one more.
    const content = await draftOf(TRAINING);
    const quiz = content.modules[0].quiz;
    if (!quiz) throw new Error("no quiz");
    const model = quiz.questions[0];
    quiz.questions = Array.from({ length: 50 }, (_, n) => ({ ...model, id: `q-${n}` }));
    await db().update(trainingDrafts).set({ content }).where(eqSlug(TRAINING));
    const full = await post(quizAction, quizPath, cookie, quizParams, {
      intent: "addQuestion",
      revision: await revisionOf(TRAINING),
      promptFr: "Une de trop",
    });
    expect(statusOf(full)).toBe(422);
    expect((await dataOf<{ error: Record<string, string[]> }>(full)).error[""]).toEqual([
      "quiz.errors.tooManyQuestions",
    ]);
    expect((await quizOf())?.questions.length).toBe(50);
  });
});

describe("a question and its answers", () => {
  it("saves the feedback the review shows after each attempt; left empty, there is none", async () => {
    const { cookie } = await author();
    const page = await dataOf<object>(await get(questionLoader, questionPath, cookie, questionParams));
    const html = await renderPage(QuestionPage, { path: questionPath, lang: "en", loaderData: page });
    expect(html).toContain("Feedback shown after each attempt");
    expect(html).toContain("you decide the course");
    const written = await questionForm((f) => {
      f.feedbackFr = "  C’est vous qui tenez la barre.  ";
      f.feedbackEn = "You hold the helm.";
    });
    expect(headerOf(await post(questionAction, questionPath, cookie, questionParams, written), "Location")).toBe(
      `${questionPath}?saved=question`,
    );
    const question = async () => (await quizOf())?.questions.find((q) => q.id === QUESTION);
    expect((await question())?.feedback).toEqual({ fr: "C’est vous qui tenez la barre.", en: "You hold the helm." });
    const emptied = await questionForm((f) => {
      f.feedbackFr = "";
      f.feedbackEn = "";
    });
    await post(questionAction, questionPath, cookie, questionParams, emptied);
    expect((await question())?.feedback).toBeUndefined();
    const tooLong = await questionForm((f) => {
      f.feedbackFr = "x".repeat(601);
    });
    expect(statusOf(await post(questionAction, questionPath, cookie, questionParams, tooLong))).toBe(400);
  });

  it("saves the prompt, the limits, the labels and the right answers at once", async () => {
    const { cookie } = await author();
    const form = await questionForm((f) => {
      f.promptFr = "Qui tient la barre ?";
      f.promptEn = "Who holds the helm?";
      f.max = "2";
      f["answers[0].labelEn"] = "My coach, really";
      f["answers[0].correct"] = "on";
      delete f["answers[1].correct"];
      f["answers[2].correct"] = "on";
    });
    const saved = await post(questionAction, questionPath, cookie, questionParams, form);
    expect(headerOf(saved, "Location")).toBe(`${questionPath}?saved=question`);
    const question = (await quizOf())?.questions.find((q) => q.id === QUESTION);
    expect(question?.prompt).toEqual({ fr: "Qui tient la barre ?", en: "Who holds the helm?" });
    expect([question?.min, question?.max]).toEqual([1, 2]);
    expect(question?.answers.map((a) => [a.id, a.label.en, a.correct ?? false])).toEqual([
      ["mon-coach", "My coach, really", true],
      ["moi", "Me, the captain", false],
      ["les-circonstances", "Circumstances", true],
      ["mon-entourage", "The people around me", false],
    ]);
    // The page shows what was saved.
    const page = await dataOf<object>(
      await get(questionLoader, `${questionPath}?saved=question`, cookie, questionParams),
    );
    const html = await renderPage(QuestionPage, { path: questionPath, lang: "en", loaderData: page });
    expect(html).toContain("Question saved in the draft.");
    expect(html).toContain('value="My coach, really"');
    expect(html).toContain(`href="${quizPath}"`);
  });

  it("tells the rule min ≤ max ≤ answers with its numbers, in English and French, and changes nothing", async () => {
    const { cookie } = await author();
    const before = await rows();
    const tooMany = await post(
      questionAction,
      questionPath,
      cookie,
      questionParams,
      await questionForm((f) => {
        f.max = "5";
      }),
    );
    expect(statusOf(tooMany)).toBe(422);
    expect((await dataOf<{ error: Record<string, string[]> }>(tooMany)).error.max).toEqual([
      "quiz.rule.maxAboveAnswers",
    ]);
    const loaderData = await dataOf<object>(await get(questionLoader, questionPath, cookie, questionParams));
    const shown = (lang: "fr" | "en", actionData: object) =>
      renderPage(QuestionPage, { path: questionPath, lang, loaderData, actionData });
    expect(await shown("en", await dataOf<object>(tooMany))).toContain(
      "At most 5 answers can be chosen, but the question has only 4. Lower the maximum or add answers.",
    );
    expect(await shown("fr", await dataOf<object>(tooMany))).toContain(
      "Au plus 5 réponses peuvent être choisies, mais la question n’en a que 4.",
    );

    const postLimits = async (min: string, max: string) =>
      post(
        questionAction,
        questionPath,
        cookie,
        questionParams,
        await questionForm((f) => {
          f.min = min;
          f.max = max;
        }),
      );
    const minAbove = await postLimits("3", "2");
    expect(statusOf(minAbove)).toBe(400);
    expect(await shown("en", await dataOf<object>(minAbove))).toContain(
      "At least 3 answers must be chosen, but at most 2 can be: the minimum cannot be above the maximum.",
    );
    // The verb agrees with the maximum: one answer "peut l’être", two "peuvent l’être".
    expect(await shown("fr", await dataOf<object>(minAbove))).toContain("mais au plus 2 peuvent l’être");
    const minAboveOne = await postLimits("2", "1");
    expect(await shown("fr", await dataOf<object>(minAboveOne))).toContain(
      "Au moins 2 réponses doivent être choisies, mais au plus 1 peut l’être : le minimum ne peut pas dépasser le maximum.",
    );
    for (const [min, max] of [
      ["0", "1"],
      ["1", "13"],
      ["1.5", "2"],
      ["", "1"],
      ["1", "x"],
    ]) {
      const refused = await post(
        questionAction,
        questionPath,
        cookie,
        questionParams,
        await questionForm((f) => {
          f.min = min;
          f.max = max;
        }),
      );
      expect(statusOf(refused), `${min} ${max}`).toBe(400);
      expect(await shown("en", await dataOf<object>(refused))).toContain("Enter a whole number from 1 to 12.");
    }
    expect(await rows()).toEqual(before);
  });

  it("adds, moves and removes answers; removing below the maximum is refused with its numbers", async () => {
    const { cookie } = await author();
    const added = await post(questionAction, questionPath, cookie, questionParams, {
      intent: "addAnswer",
      revision: await revisionOf(TRAINING),
      labelFr: "Le vent",
      labelEn: "The wind",
    });
    expect(headerOf(added, "Location")).toBe(`${questionPath}?saved=answerAdded`);
    const answers = async () => (await quizOf())?.questions.find((q) => q.id === QUESTION)?.answers.map((a) => a.id);
    expect(await answers()).toEqual(["mon-coach", "moi", "les-circonstances", "mon-entourage", "le-vent"]);
    const moved = await post(questionAction, questionPath, cookie, questionParams, {
      intent: "moveAnswer",
      revision: await revisionOf(TRAINING),
      answer: "le-vent",
      direction: "up",
    });
    expect(headerOf(moved, "Location")).toBe(`${questionPath}?saved=answerMoved`);
    expect(await answers()).toEqual(["mon-coach", "moi", "les-circonstances", "le-vent", "mon-entourage"]);

    // Let members choose up to 4, then try to keep only 3.
    await post(
      questionAction,
      questionPath,
      cookie,
      questionParams,
      await questionForm((f) => {
        f.max = "4";
      }),
    );
    for (const answer of ["le-vent"]) {
      const removed = await post(questionAction, questionPath, cookie, questionParams, {
        intent: "removeAnswer",
        revision: await revisionOf(TRAINING),
        answer,
      });
      expect(headerOf(removed, "Location")).toBe(`${questionPath}?saved=answerRemoved`);
    }
    const before = await rows();
    const refused = await post(questionAction, questionPath, cookie, questionParams, {
      intent: "removeAnswer",
      revision: await revisionOf(TRAINING),
      answer: "moi",
    });
    expect(statusOf(refused)).toBe(422);
    const loaderData = await dataOf<object>(await get(questionLoader, questionPath, cookie, questionParams));
    const html = await renderPage(QuestionPage, {
      path: questionPath,
      lang: "en",
      loaderData,
      actionData: await dataOf<object>(refused),
    });
    expect(html).toContain(
      "Up to 4 answers can be chosen: the question cannot keep only 3. Lower the maximum first, then remove the answer.",
    );
    expect(await rows()).toEqual(before);
    const stale = await post(questionAction, questionPath, cookie, questionParams, {
      ...(await questionForm()),
      revision: String(Number(await revisionOf(TRAINING)) - 1),
    });
    expect(statusOf(stale)).toBe(409);
    expect(await rows()).toEqual(before);
    const unknown = await post(questionAction, questionPath, cookie, questionParams, {
      intent: "removeAnswer",
      revision: await revisionOf(TRAINING),
      answer: "nope",
    });
    expect(statusOf(unknown)).toBe(404);
  });

  it("bounds answers (12), labels (160) and prompts (600), and refuses answers that are not the question's", async () => {
    const { cookie } = await author();
    const before = await rows();
    const long = await post(
      questionAction,
      questionPath,
      cookie,
      questionParams,
      await questionForm((f) => {
        f.promptEn = "x".repeat(601);
        f["answers[0].labelFr"] = "x".repeat(161);
      }),
    );
    expect(statusOf(long)).toBe(400);
    const errors = (await dataOf<{ error: Record<string, string[]> }>(long)).error;
    expect(errors.promptEn).toEqual(["errors.tooLong"]);
    expect(errors["answers[0].labelFr"]).toEqual(["errors.tooLong"]);
    const forged = await post(
      questionAction,
      questionPath,
      cookie,
      questionParams,
      await questionForm((f) => {
        f["answers[0].id"] = "someone-else";
      }),
    );
    expect(statusOf(forged)).toBe(400);
    const dropped = await post(
      questionAction,
      questionPath,
      cookie,
      questionParams,
      await questionForm((f) => {
        for (const key of Object.keys(f)) if (key.startsWith("answers[3]")) delete f[key];
      }),
    );
    expect(statusOf(dropped)).toBe(400);
    // An answer posted at a far index is not a list of a million answers to check: it is dropped, and refused.
    const started = Date.now();
    const far = await post(
      questionAction,
      questionPath,
      cookie,
      questionParams,
      await questionForm((f) => {
        f["answers[99999999].id"] = "far";
        f["answers[100].labelFr"] = "far";
      }),
    );
    expect(statusOf(far)).toBe(400);
    expect((await dataOf<{ error: Record<string, string[]> }>(far)).error[""]).toEqual(["quiz.errors.answersChanged"]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await rows()).toEqual(before);

    for (let n = 5; n <= 12; n += 1)
      await post(questionAction, questionPath, cookie, questionParams, {
        intent: "addAnswer",
        revision: await revisionOf(TRAINING),
        labelFr: `Réponse ${n}`,
      });
    const full = await post(questionAction, questionPath, cookie, questionParams, {
      intent: "addAnswer",
      revision: await revisionOf(TRAINING),
      labelFr: "Une de trop",
    });
    expect(statusOf(full)).toBe(422);
    expect((await quizOf())?.questions.find((q) => q.id === QUESTION)?.answers.length).toBe(12);
  });

  it("a question written with this editor passes the publish check", async () => {
    const { cookie } = await author();
    const added = await post(quizAction, quizPath, cookie, quizParams, {
      intent: "addQuestion",
      revision: await revisionOf(TRAINING),
      promptFr: "Cap ou pas cap ?",
      promptEn: "Heading or not?",
    });
    const id = "cap-ou-pas-cap";
    expect(headerOf(added, "Location")).toBe(`${quizPath}/${id}?saved=questionAdded`);
    const params = { ...quizParams, question: id };
    const saved = await post(questionAction, `${quizPath}/${id}`, cookie, params, {
      intent: "question",
      revision: await revisionOf(TRAINING),
      promptFr: "Cap ou pas cap ?",
      promptEn: "Heading or not?",
      min: "1",
      max: "2",
      "answers[0].id": "answer-1",
      "answers[0].labelFr": "Cap",
      "answers[0].labelEn": "Heading",
      "answers[0].correct": "on",
      "answers[1].id": "answer-2",
      "answers[1].labelFr": "Pas cap",
      "answers[1].labelEn": "No heading",
    });
    expect(headerOf(saved, "Location")).toBe(`${quizPath}/${id}?saved=question`);
    expect(trainingContent.safeParse(await draftOf(TRAINING)).success).toBe(true);
  });
});

const TEST = "capitaine";
const skillsPath = `/author/trainings/${TEST}/skills`;
const skillsParams = { slug: TEST };
type SkillsData = {
  skills: { id: string; uses: { answers: number; profiles: number } }[];
  profiles: { id: string }[];
  preview: {
    questions: number;
    radar: boolean;
    result: { skills: { id: string; value: number }[]; profile: { label: string } | null };
  };
};

async function skillsPage(cookie: string, query = "") {
  return dataOf<SkillsData>(await get(skillsLoader, `${skillsPath}${query}`, cookie, skillsParams));
}

async function postSkills(cookie: string, form: Record<string, string>, lang: "fr" | "en" = "en") {
  return post(skillsAction, skillsPath, cookie, skillsParams, { revision: await revisionOf(TEST), ...form }, lang);
}

describe("a test's skills, profiles and the chart a member would get", () => {
  it("previews the members' chart and profile from each question's first or last answers, scored as members' are", async () => {
    const { cookie } = await author();
    const content = await draftOf(TEST);
    const quiz = content.modules[0].quiz;
    if (!quiz) throw new Error("no quiz");
    for (const example of ["first", "last"] as const) {
      const page = await skillsPage(cookie, `?example=${example}`);
      const picked = Object.fromEntries(
        quiz.questions.map((q) => [q.id, [example === "first" ? q.answers[0].id : (q.answers.at(-1)?.id ?? "")]]),
      );
      const { score } = scoreQuiz(quiz, picked);
      expect(page.preview.result.skills.map((skill) => [skill.id, skill.value])).toEqual(
        content.skills.map((skill) => [skill.id, score.skills[skill.id] ?? 0]),
      );
      const top = [...page.preview.result.skills].sort((a, b) => b.value - a.value)[0];
      const profile = content.profiles.find((p) => p.skill === top.id);
      expect(page.preview.result.profile?.label).toBe(profile?.label.en);
      const html = await renderPage(SkillsPage, { path: skillsPath, lang: "en", loaderData: page });
      // The members' own result card: the profile, then the chart with its figures.
      expect(html).toContain(`Your profile: ${profile?.label.en}`);
      expect(html).toContain('role="img"');
      expect(html).toContain(`Vision: ${score.skills.vision ?? 0}`);
    }
    expect((await skillsPage(cookie)).preview.radar).toBe(false);
    expect(
      (
        await dataOf<SkillsData>(
          await get(skillsLoader, "/author/trainings/gps-de-ma-vie/skills", cookie, { slug: "gps-de-ma-vie" }),
        )
      ).preview.radar,
    ).toBe(true);
  });

  it("adds, renames, moves and removes a skill; a skill a profile names is refused, with the count", async () => {
    const { cookie } = await author();
    const added = await postSkills(cookie, { intent: "addSkill", labelFr: "Créativité", labelEn: "Creativity" });
    expect(headerOf(added, "Location")).toBe(`${skillsPath}?saved=skillAdded`);
    expect((await draftOf(TEST)).skills.at(-1)).toEqual({
      id: "creativite",
      label: { fr: "Créativité", en: "Creativity" },
    });
    await postSkills(cookie, { intent: "editSkill", skill: "creativite", labelFr: "Audace", labelEn: "Daring" });
    expect((await draftOf(TEST)).skills.at(-1)).toEqual({ id: "creativite", label: { fr: "Audace", en: "Daring" } });
    await postSkills(cookie, { intent: "moveSkill", skill: "creativite", direction: "up" });
    expect((await draftOf(TEST)).skills.map((s) => s.id).slice(-2)).toEqual(["creativite", "resilience"]);
    const removed = await postSkills(cookie, {
      intent: "removeSkill",
      target: "remove-skill:creativite",
      skill: "creativite",
    });
    expect(headerOf(removed, "Location")).toBe(`${skillsPath}?saved=skillRemoved`);
    expect((await draftOf(TEST)).skills.map((s) => s.id)).toEqual(["vision", "ecoute", "decision", "resilience"]);

    const before = await rows();
    const named = await postSkills(cookie, {
      intent: "removeSkill",
      target: "remove-skill:vision",
      skill: "vision",
      dropPoints: "yes",
    });
    expect(statusOf(named)).toBe(409);
    expect((await dataOf<{ error: Record<string, string[]> }>(named)).error.skill).toEqual([
      "skills.errors.skillInProfiles",
    ]);
    const html = await renderPage(SkillsPage, {
      path: skillsPath,
      lang: "en",
      loaderData: await skillsPage(cookie),
      actionData: await dataOf<object>(named),
    });
    expect(html).toContain("1 profile names this skill: give it another skill or remove it first.");
    expect(
      statusOf(await postSkills(cookie, { intent: "removeSkill", target: "remove-skill:nope", skill: "nope" })),
    ).toBe(404);
    expect(await rows()).toEqual(before);
  });

  it("removes a skill answers give points to only once the author ticks that the points go too", async () => {
    const { cookie } = await author();
    const removedProfile = await postSkills(cookie, { intent: "removeProfile", profile: "navigateur" });
    expect(headerOf(removedProfile, "Location")).toBe(`${skillsPath}?saved=profileRemoved`);
    const uses = (await skillsPage(cookie)).skills.find((s) => s.id === "vision")?.uses;
    expect(uses?.profiles).toBe(0);
    expect(uses?.answers).toBeGreaterThan(0);

    const before = await rows();
    const unticked = await postSkills(cookie, {
      intent: "removeSkill",
      target: "remove-skill:vision",
      skill: "vision",
    });
    expect(statusOf(unticked)).toBe(409);
    const html = await renderPage(SkillsPage, {
      path: skillsPath,
      lang: "fr",
      loaderData: await skillsPage(cookie),
      actionData: await dataOf<object>(unticked),
    });
    expect(html).toContain(
      `${uses?.answers} réponses donnent des points à cette compétence : cochez la case pour retirer ces points avec elle.`,
    );
    expect(await rows()).toEqual(before);

    const ticked = await postSkills(cookie, {
      intent: "removeSkill",
      target: "remove-skill:vision",
      skill: "vision",
      dropPoints: "yes",
    });
    expect(headerOf(ticked, "Location")).toBe(`${skillsPath}?saved=skillRemoved`);
    const content = await draftOf(TEST);
    expect(content.skills.map((s) => s.id)).toEqual(["ecoute", "decision", "resilience"]);
    const scored = content.modules.flatMap((m) => m.quiz?.questions ?? []).flatMap((q) => q.answers);
    expect(scored.some((a) => a.scores?.vision !== undefined)).toBe(false);
    expect(trainingContent.safeParse(content).success).toBe(true);
  });

  it("adds, edits and removes profiles, each naming one of the test's skills", async () => {
    const { cookie } = await author();
    const texts = {
      labelFr: "Le Vigie",
      labelEn: "The Lookout",
      descriptionFr: "Vous voyez venir.",
      descriptionEn: "You see it coming.",
    };
    const unknown = await postSkills(cookie, { intent: "addProfile", skill: "nope", ...texts });
    expect(statusOf(unknown)).toBe(422);
    const added = await postSkills(cookie, { intent: "addProfile", skill: "ecoute", ...texts });
    expect(headerOf(added, "Location")).toBe(`${skillsPath}?saved=profileAdded`);
    expect((await draftOf(TEST)).profiles.at(-1)).toEqual({
      id: "le-vigie",
      skill: "ecoute",
      label: { fr: "Le Vigie", en: "The Lookout" },
      description: { fr: "Vous voyez venir.", en: "You see it coming." },
    });
    await postSkills(cookie, {
      intent: "editProfile",
      profile: "le-vigie",
      skill: "vision",
      ...texts,
      labelFr: "La Vigie",
    });
    expect((await draftOf(TEST)).profiles.at(-1)).toMatchObject({ skill: "vision", label: { fr: "La Vigie" } });
    expect(statusOf(await postSkills(cookie, { intent: "editProfile", profile: "nope", skill: "vision" }))).toBe(404);
    await postSkills(cookie, { intent: "removeProfile", profile: "le-vigie" });
    expect((await draftOf(TEST)).profiles.map((p) => p.id)).toEqual([
      "navigateur",
      "rassembleur",
      "stratege",
      "capitaine-tempete",
    ]);
  });

  it("bounds skills (12) and texts, refuses a stale save (409) and an unknown intent; a training's posts are 404", async () => {
    const { cookie } = await author();
    const before = await rows();
    const long = await postSkills(cookie, { intent: "addSkill", labelFr: "x".repeat(161) });
    expect(statusOf(long)).toBe(400);
    expect((await dataOf<{ error: Record<string, string[]> }>(long)).error.labelFr).toEqual(["errors.tooLong"]);
    const longDescription = await postSkills(cookie, {
      intent: "addProfile",
      skill: "vision",
      descriptionEn: "x".repeat(601),
    });
    expect(statusOf(longDescription)).toBe(400);
    const stale = await post(skillsAction, skillsPath, cookie, skillsParams, {
      intent: "addSkill",
      revision: "0",
      labelFr: "x",
    });
    expect(statusOf(stale)).toBe(409);
    expect(statusOf(await postSkills(cookie, { intent: "hack" }))).toBe(400);
    const training = await post(
      skillsAction,
      "/author/trainings/j-embarque/skills",
      cookie,
      { slug: TRAINING },
      {
        intent: "addSkill",
        revision: await revisionOf(TRAINING),
        labelFr: "x",
      },
    );
    expect(statusOf(training)).toBe(404);
    expect(await rows()).toEqual(before);

    for (let n = 5; n <= 12; n += 1) await postSkills(cookie, { intent: "addSkill", labelFr: `Compétence ${n}` });
    expect((await draftOf(TEST)).skills.length).toBe(12);
    const full = await postSkills(cookie, { intent: "addSkill", labelFr: "Une de trop" });
    expect(statusOf(full)).toBe(422);
    expect((await draftOf(TEST)).skills.length).toBe(12);
  });

  it("a test's question gives points per skill (0 to 100), only to the test's skills", async () => {
    const { cookie } = await author();
    const path = `/author/trainings/${TEST}/modules/questionnaire/quiz/nouveau-projet`;
    const params = { slug: TEST, module: "questionnaire", question: "nouveau-projet" };
    const page = await dataOf<{ values: Record<string, unknown> }>(await get(questionLoader, path, cookie, params));
    const html = await renderPage(QuestionPage, { path, lang: "en", loaderData: page });
    expect(html).toContain('name="answers[0].scores.vision"');
    expect(html).not.toContain("Right answer");
    const question = (await draftOf(TEST)).modules[0].quiz?.questions[0];
    if (!question) throw new Error("no question");
    const form = async (scores: Record<string, string>) => {
      const fields: Record<string, string> = {
        intent: "question",
        revision: await revisionOf(TEST),
        promptFr: question.prompt.fr,
        promptEn: question.prompt.en,
        min: "1",
        max: "1",
      };
      for (const [index, answer] of question.answers.entries()) {
        fields[`answers[${index}].id`] = answer.id;
        fields[`answers[${index}].labelFr`] = answer.label.fr;
        fields[`answers[${index}].labelEn`] = answer.label.en;
      }
      return { ...fields, ...scores };
    };
    const saved = await post(
      questionAction,
      path,
      cookie,
      params,
      await form({
        "answers[0].scores.vision": "3",
        "answers[0].scores.ecoute": "1.5",
        "answers[1].scores.ecoute": "0",
      }),
    );
    expect(headerOf(saved, "Location")).toBe(`${path}?saved=question`);
    const answers = (await draftOf(TEST)).modules[0].quiz?.questions[0].answers;
    expect(answers?.map((a) => a.scores)).toEqual([{ vision: 3, ecoute: 1.5 }, undefined, undefined, undefined]);
    const before = await rows();
    const forged: Record<string, string>[] = [
      { "answers[0].scores.vision": "101" },
      { "answers[0].scores.vision": "-1" },
      { "answers[0].scores.nope": "2" },
    ];
    for (const scores of forged) {
      const refused = await post(questionAction, path, cookie, params, await form(scores));
      expect(statusOf(refused), JSON.stringify(scores)).toBe(400);
    }
    expect(await rows()).toEqual(before);
  });
});

function eqSlug(slug: string) {
  return eq(trainingDrafts.slug, slug);
}
