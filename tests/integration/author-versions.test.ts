import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { quizSubmissions, trainingDrafts, trainingVersions, trainings } from "~/.server/db/schema.server";
import { publishDraft } from "~/.server/authoring/publish.server";
import { grantRole } from "~/.server/coaching/coaches/role-changes.server";
import { forgetCatalogue, GENERATION_CHECK_MS, trainingsOf } from "~/.server/trainings/catalogue.server";
import { markPartRead } from "~/.server/trainings/progress.server";
import { readDraft, saveDraft } from "~/.server/authoring/drafts.server";
import { readTrainingFiles, seedContent } from "~/.server/trainings/seed.server";
import { publishContent } from "~/.server/trainings/versions.server";
import type { DraftContent, ModuleContent, TrainingContent } from "~/content/training-schema";
import ModulePage, {
  loader as moduleLoader,
  action as moduleAction,
} from "~/routes/_default.training.$training_slug.modules.$module_slug";
import ResultsPage, { loader as resultLoader } from "~/routes/_default.training_results.$training_slug.j-embarque";
import { loader as congratulationsLoader } from "~/routes/_next.training.$training_slug.congratulations";
import { loader as trainingsLoader } from "~/routes/_default.trainings._index";
import { renderPage, type TestMember, verifiedMember } from "../support/accounts";
import { buildRequest, callWith, dataOf, statusOf } from "../support/http";
import { validAnswers } from "../support/trainings";

/**
 * Issue 26 item 5 (versions keep members' progress), item 7's re-seed rule and item 4's "every
 * process at once": an author's edit never breaks what a member did or saw.
 */
const files = readTrainingFiles();
const onboarding = files.find((file) => file.content.slug === "j-embarque")!.content;
const SLUG = "j-embarque";

async function author(): Promise<TestMember> {
  const member = await verifiedMember({ email: "author@example.com" });
  await grantRole({ memberId: null }, member.memberId, "author");
  return member;
}

/** The author changes the draft and publishes it, as the editor and /publish do. */
async function publishEdit(writer: TestMember, edit: (content: DraftContent) => unknown, slug = SLUG) {
  const { revision } = (await readDraft(slug))!;
  const saved = await saveDraft(slug, { revision, authorId: writer.memberId, lang: "fr" }, (content) => {
    // An edit changes the content in place, or answers the next one.
    return (edit(content) as DraftContent | undefined) ?? content;
  });
  expect(saved).toEqual({ ok: true, revision: revision + 1 });
  const published = await publishDraft(slug, { revision: revision + 1, authorId: writer.memberId });
  expect(published.ok).toBe(true);
}

const moduleParams = (module: string) => ({ params: { training_slug: SLUG, module_slug: module } });
const modulePath = (module: string) => `/training/${SLUG}/modules/${module}`;

async function readPart(member: TestMember, module: string, part: string) {
  const form = { intent: "read", part };
  return callWith(
    moduleAction,
    buildRequest(modulePath(module), { form, cookie: member.cookie }),
    moduleParams(module),
  );
}

async function answerQuiz(member: TestMember, module: ModuleContent, answers = validAnswers(module)) {
  const form: Record<string, string[]> = { intent: ["quiz"] };
  for (const [question, ids] of Object.entries(answers)) form[`q_${question}`] = ids;
  return callWith(
    moduleAction,
    buildRequest(modulePath(module.slug), { form, cookie: member.cookie }),
    moduleParams(module.slug),
  );
}

async function completeModule(member: TestMember, module: ModuleContent) {
  for (const part of module.parts) await readPart(member, module.slug, part.slug);
  await answerQuiz(member, module);
}

type Answered = { id: string; prompt: string; picked: string[] }[];
type ResultData = {
  result: {
    state: string;
    percent: number;
    modules: {
      slug: string;
      completed: boolean;
      right: number | null;
      total: number | null;
      answers: Answered | null;
    }[];
  };
};

async function resultOf(member: TestMember) {
  const answer = await callWith(
    resultLoader,
    buildRequest(`/training_results/${SLUG}/j-embarque`, { cookie: member.cookie }),
    {
      params: { training_slug: SLUG },
    },
  );
  expect(statusOf(answer)).toBe(200);
  return dataOf<ResultData>(answer);
}

type ModuleData = {
  module: {
    completed: boolean;
    quiz: {
      questions: { id: string; prompt: string }[];
      last: { review: { right: number; questions: { prompt: string }[] }; changed: boolean } | null;
    };
  };
};

async function moduleOf(member: TestMember, module: string) {
  return dataOf<ModuleData>(
    await callWith(moduleLoader, buildRequest(modulePath(module), { cookie: member.cookie }), moduleParams(module)),
  );
}

async function cardOf(member: TestMember) {
  const list = await dataOf<{ trainings: { slug: string; title: string; state: string; percent: number }[] }>(
    await callWith(trainingsLoader, buildRequest("/trainings", { cookie: member.cookie })),
  );
  return list.trainings.find((t) => t.slug === SLUG)!;
}

const [first, second] = onboarding.modules;
const fr = (text: { fr: string }) => text.fr;

describe("versions keep members' progress (issue 26 item 5)", () => {
  it("rewording a question keeps the member's progress and result; their answers show as they read them", async () => {
    const writer = await author();
    const member = await verifiedMember();
    await completeModule(member, first);
    const before = { card: await cardOf(member), result: (await resultOf(member)).result };
    const [submission] = await db().select().from(quizSubmissions);
    const [live] = await db().select().from(trainings).where(eq(trainings.slug, SLUG));
    expect(submission.versionId).toBe(live.versionId);

    await publishEdit(writer, (content) => {
      content.modules[0].quiz!.questions[0].prompt = { fr: "Qui tient la barre, d’après vous ?", en: "Who steers?" };
    });

    expect(await cardOf(member)).toEqual(before.card);
    const after = (await resultOf(member)).result;
    expect(after.state).toBe(before.result.state);
    expect(after.modules[0]).toMatchObject({ completed: true, right: before.result.modules[0].right });
    // The result shows the question as the member read it.
    expect(after.modules[0].answers![0].prompt).toBe(fr(first.quiz!.questions[0].prompt));
    // The module page asks the new wording, and reviews the member's last attempt in the old one.
    const page = (await moduleOf(member, first.slug)).module;
    expect(page.completed).toBe(true);
    expect(page.quiz.questions[0].prompt).toBe("Qui tient la barre, d’après vous ?");
    expect(page.quiz.last!.changed).toBe(true);
    expect(page.quiz.last!.review.questions[0].prompt).toBe(fr(first.quiz!.questions[0].prompt));
    const html = await renderPage(ModulePage, {
      path: modulePath(first.slug),
      loaderData: await moduleOf(member, first.slug),
    });
    expect(html).toContain("Ce quiz a changé depuis votre dernière réponse");
    expect(html).toContain("Qui tient la barre, d’après vous ?");
    expect(html).toContain(fr(first.quiz!.questions[0].prompt).replace(/'/g, "&#x27;"));

    // Answered again: the new submission points at the new version, and the quiz has not changed since.
    await answerQuiz(member, first);
    const [published] = await db().select().from(trainings).where(eq(trainings.slug, SLUG));
    const submissions = await db().select().from(quizSubmissions).orderBy(asc(quizSubmissions.createdAt));
    expect(submissions.map((s) => s.versionId)).toEqual([live.versionId, published.versionId]);
    expect((await moduleOf(member, first.slug)).module.quiz.last!.changed).toBe(false);
  });

  it("removing a question or an answer keeps the past result page showing what the member saw", async () => {
    const writer = await author();
    const member = await verifiedMember();
    const quiz = first.quiz!;
    const removedQuestion = quiz.questions[1];
    const third = quiz.questions[2];
    const picked = third.answers[0];
    await completeModule(member, first);
    const before = (await resultOf(member)).result.modules[0];

    await publishEdit(writer, (content) => {
      const questions = content.modules[0].quiz!.questions;
      content.modules[0].quiz!.questions = questions.filter((q) => q.id !== removedQuestion.id);
      const last = content.modules[0].quiz!.questions.find((q) => q.id === third.id)!;
      last.answers = last.answers.filter((a) => a.id !== picked.id);
    });

    const { result } = await resultOf(member);
    const shown = result.modules[0];
    // Scores stay as they were stored; the answers show the version answered, removed ones too.
    expect(shown).toMatchObject({ right: before.right, total: before.total, completed: true });
    expect(shown.answers!.map((a) => a.prompt)).toEqual(quiz.questions.map((q) => fr(q.prompt)));
    expect(shown.answers![2].picked).toEqual([fr(picked.label)]);
    const html = await renderPage(ResultsPage, {
      path: `/training_results/${SLUG}/j-embarque`,
      loaderData: { title: "Résultats", result: { kind: "training", ...result } },
    });
    expect(html).toContain(fr(removedQuestion.prompt).replace(/'/g, "&#x27;"));
    expect(html).toContain(fr(picked.label));
    expect(html).toContain("Vos réponses");
  });

  it("removing a part a member read keeps a completed module completed, and the training's state", async () => {
    const writer = await author();
    const member = await verifiedMember();
    for (const module of onboarding.modules) await completeModule(member, module);
    expect(await cardOf(member)).toMatchObject({ state: "completed", percent: 100 });

    await publishEdit(writer, (content) => {
      content.modules[0].parts = content.modules[0].parts.slice(1);
    });

    expect(await cardOf(member)).toMatchObject({ state: "completed", percent: 100 });
    expect((await moduleOf(member, first.slug)).module.completed).toBe(true);
    expect(
      statusOf(
        await callWith(
          congratulationsLoader,
          buildRequest(`/training/${SLUG}/congratulations`, { cookie: member.cookie }),
          { params: { training_slug: SLUG } },
        ),
      ),
    ).toBe(200);
  });

  it("a part added later leaves a completed module completed; one the member is in keeps its reads", async () => {
    const writer = await author();
    const member = await verifiedMember();
    await completeModule(member, first);
    await readPart(member, second.slug, second.parts[0].slug);
    await publishEdit(writer, (content) => {
      content.modules[0].parts.push({ ...structuredClone(content.modules[0].parts[0]), slug: "une-partie-de-plus" });
      content.modules[1].parts = content.modules[1].parts.filter((p) => p.slug !== second.parts[1].slug);
    });
    expect((await moduleOf(member, first.slug)).module.completed).toBe(true);
    expect(await cardOf(member)).toMatchObject({ state: "in_progress" });
  });

  it("removing a module keeps the training's result page working", async () => {
    const writer = await author();
    const member = await verifiedMember();
    for (const module of onboarding.modules) await completeModule(member, module);
    await publishEdit(writer, (content) => {
      content.modules = content.modules.slice(0, 2);
    });
    const { result } = await resultOf(member);
    expect(result.modules.map((m) => m.slug)).toEqual([first.slug, second.slug]);
    expect(result.state).toBe("completed");
    expect(await cardOf(member)).toMatchObject({ state: "completed", percent: 100 });
    // Brought back, the module finds its completion again (modules are matched by slug).
    await publishEdit(writer, (content) => {
      content.modules.push(structuredClone(onboarding.modules[2]));
    });
    expect((await resultOf(member)).result.modules.map((m) => m.completed)).toEqual([true, true, true]);
  });

  it("a test's result keeps the skills and profile the member got when the test is reworded", async () => {
    const writer = await author();
    const member = await verifiedMember();
    const captain = files.find((file) => file.content.slug === "capitaine")!.content;
    const module = captain.modules[0];
    const form: Record<string, string[]> = { intent: ["quiz"] };
    for (const [question, ids] of Object.entries(validAnswers(module))) form[`q_${question}`] = ids;
    const path = `/training/capitaine/modules/${module.slug}`;
    await callWith(moduleAction, buildRequest(path, { form, cookie: member.cookie }), {
      params: { training_slug: "capitaine", module_slug: module.slug },
    });
    const read = async () =>
      dataOf<{ result: { taken: boolean; skills: { id: string; label: string; value: number }[] } }>(
        await callWith(
          resultLoader,
          buildRequest("/training_results/capitaine/j-embarque", { cookie: member.cookie }),
          {
            params: { training_slug: "capitaine" },
          },
        ),
      );
    const before = (await read()).result;
    expect(before.taken).toBe(true);
    await publishEdit(
      writer,
      (content) => {
        content.skills[0].label = { fr: "Nouveau nom", en: "New name" };
      },
      "capitaine",
    );
    expect((await read()).result.skills).toEqual(before.skills);
    expect(before.skills[0].label).toBe(fr(captain.skills[0].label));
  });

  it("publishing makes the new version live for members at once", async () => {
    const writer = await author();
    const member = await verifiedMember();
    expect((await moduleOf(member, first.slug)).module.quiz.questions[0].prompt).toBe(
      fr(first.quiz!.questions[0].prompt),
    );
    await publishEdit(writer, (content) => {
      content.title.fr = "J’embarque, deuxième édition";
      content.modules[0].quiz!.questions[0].prompt.fr = "Nouvelle question";
    });
    expect((await cardOf(member)).title).toBe("J’embarque, deuxième édition");
    expect((await moduleOf(member, first.slug)).module.quiz.questions[0].prompt).toBe("Nouvelle question");
  });
});

describe("every process sees a publish within a second (issue 26 item 4)", () => {
  it("a publish by another process (not this one's forgetting) shows within a second; without one, the cache holds", async () => {
    const member = await verifiedMember();
    expect((await cardOf(member)).title).toBe(fr(onboarding.title));
    // A change without a new generation is not seen: the catalogue stays cached between versions.
    await db().execute(
      sql`update trainings set content = jsonb_set(content, '{title,fr}', '"Sans génération"') where slug = ${SLUG}`,
    );
    await new Promise((resolve) => setTimeout(resolve, GENERATION_CHECK_MS + 50));
    expect((await cardOf(member)).title).toBe(fr(onboarding.title));

    // Another worker or instance publishes: its transaction bumps the generation; this process is not told.
    const content: TrainingContent = {
      ...structuredClone(onboarding),
      title: { fr: "Publié ailleurs", en: "Published elsewhere" },
    };
    await db().transaction((tx) => publishContent(tx, content, { publishedBy: null }));
    const start = Date.now();
    let title = (await cardOf(member)).title;
    while (title !== "Publié ailleurs" && Date.now() - start < 2_000) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      title = (await cardOf(member)).title;
    }
    expect(title).toBe("Publié ailleurs");
    expect(Date.now() - start).toBeLessThan(1_000);
  });
});

describe("the catalogue read again after a publish", () => {
  it("a page reading it while a member's step runs in a transaction waits on nothing the step holds", async () => {
    const member = await verifiedMember();
    for (let round = 0; round < 5; round++) {
      forgetCatalogue(db());
      const both = Promise.all([
        trainingsOf(member.memberId, { archived: false }),
        markPartRead(member.memberId, SLUG, first.slug, first.parts[round % first.parts.length].slug),
      ]);
      const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error("stuck")), 5_000));
      const [list, step] = (await Promise.race([both, timeout])) as Awaited<typeof both>;
      expect(list.length).toBeGreaterThan(0);
      expect(step.ok).toBe(true);
    }
  });
});

describe("a re-seed never overwrites content changed in the browser (issue 26 item 7)", () => {
  const changedFiles = (title: string) =>
    files.map((file) =>
      file.content.slug === SLUG
        ? { content: { ...file.content, title: { fr: title, en: title } }, hash: `changed ${title}` }
        : file,
    );

  it("a changed file becomes a new version when nobody authored the training", async () => {
    const result = await seedContent(db(), changedFiles("Depuis le dépôt"));
    expect(result.leftAside).toEqual([]);
    const [training] = await db().select().from(trainings).where(eq(trainings.slug, SLUG));
    const versions = await db().select().from(trainingVersions).where(eq(trainingVersions.trainingId, training.id));
    expect(versions.map((v) => [v.number, v.publishedBy])).toEqual([
      [1, null],
      [2, null],
    ]);
    expect(training.content.title.fr).toBe("Depuis le dépôt");
    const [draft] = await db().select().from(trainingDrafts).where(eq(trainingDrafts.slug, SLUG));
    expect(draft.content.title.fr).toBe("Depuis le dépôt");
  });

  it("after an author saved in the browser, a changed file is left aside and the browser's content stays", async () => {
    const writer = await author();
    const { revision } = (await readDraft(SLUG))!;
    await saveDraft(SLUG, { revision, authorId: writer.memberId, lang: "fr" }, (content) => ({
      ...content,
      title: { fr: "Du navigateur", en: "From the browser" },
    }));
    const before = await db().select().from(trainings).where(eq(trainings.slug, SLUG));
    const result = await seedContent(db(), changedFiles("Depuis le dépôt"));
    expect(result.leftAside).toEqual([SLUG]);
    expect(await db().select().from(trainings).where(eq(trainings.slug, SLUG))).toEqual(before);
    expect((await readDraft(SLUG))!.content.title.fr).toBe("Du navigateur");
  });

  it("after an author published in the browser, a changed file is left aside and the published version stays", async () => {
    const writer = await author();
    await publishEdit(writer, (content) => ({ ...content, title: { fr: "Publié ici", en: "Published here" } }));
    const result = await seedContent(db(), changedFiles("Depuis le dépôt"));
    expect(result.leftAside).toEqual([SLUG]);
    const [training] = await db().select().from(trainings).where(eq(trainings.slug, SLUG));
    expect(training.content.title.fr).toBe("Publié ici");
    expect((await readDraft(SLUG))!.content.title.fr).toBe("Publié ici");
  });
});
