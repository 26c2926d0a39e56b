import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { entitlements, partReads, quizSubmissions, trainingModules, trainings } from "~/.server/db/schema.server";
import { grantByEmail } from "~/.server/trainings/access.server";
import { readTrainingFiles, seedContent } from "~/.server/trainings/seed.server";
import { loader as trainingsLoader, action as trainingsAction } from "~/routes/_default.trainings._index";
import {
  loader as moduleLoader,
  action as moduleAction,
} from "~/routes/_default.training.$training_slug.modules.$module_slug";
import { loader as congratulationsLoader } from "~/routes/_next.training.$training_slug.congratulations";
import ResultPage, { loader as resultLoader } from "~/routes/_default.training_results.j-embarque";
import { errorCount } from "~/components/form/quiz-form";
import { selectionError } from "~/forms/quiz";
import { renderPage, type TestMember, verifiedMember } from "../support/accounts";
import { buildRequest, callWith, dataOf, headerOf, statusOf } from "../support/http";
import { validAnswers } from "../support/trainings";

const onboarding = readTrainingFiles().find((file) => file.content.slug === "j-embarque")!.content;

async function trainingsOf(member: TestMember) {
  const answer = await callWith(trainingsLoader, buildRequest("/trainings", { cookie: member.cookie }));
  return dataOf<{
    trainings: { slug: string; title: string; state: string; percent: number; actionPath: string }[];
    tests: { slug: string; state: string }[];
  }>(answer);
}

function modulePath(module: string) {
  return `/training/j-embarque/modules/${module}`;
}

async function readPart(member: TestMember, module: string, part: string) {
  return callWith(
    moduleAction,
    buildRequest(modulePath(module), { form: { intent: "read", part }, cookie: member.cookie }),
    {
      params: { training_slug: "j-embarque", module_slug: module },
    },
  );
}

async function answerQuiz(member: TestMember, module: string, answers: Record<string, string[]>) {
  const form: Record<string, string[]> = { intent: ["quiz"] };
  for (const [question, ids] of Object.entries(answers)) form[`q_${question}`] = ids;
  return callWith(moduleAction, buildRequest(modulePath(module), { form, cookie: member.cookie }), {
    params: { training_slug: "j-embarque", module_slug: module },
  });
}

async function completeModule(member: TestMember, module: (typeof onboarding.modules)[number]) {
  for (const part of module.parts) await readPart(member, module.slug, part.slug);
  return answerQuiz(member, module.slug, validAnswers(module));
}

describe("content seed", () => {
  it("is idempotent and keeps members' progress when a file changes", async () => {
    const member = await verifiedMember();
    const first = onboarding.modules[0];
    await readPart(member, first.slug, first.parts[0].slug);
    const before = await db().select().from(trainingModules);
    const titleShown = async () => (await trainingsOf(member)).trainings.find((t) => t.slug === "j-embarque")?.title;
    expect(await titleShown()).toBe("J’embarque");

    await seedContent(db());
    expect(await db().select().from(trainingModules)).toEqual(before);

    const files = readTrainingFiles().map((file) =>
      file.content.slug === "j-embarque"
        ? {
            content: {
              ...file.content,
              title: { fr: "J’embarque (nouvelle édition)", en: "Coming aboard (new edition)" },
            },
            hash: "changed",
          }
        : file,
    );
    await seedContent(db(), files);
    const [row] = await db().select().from(trainings).where(eq(trainings.slug, "j-embarque"));
    expect(row.content.title.fr).toBe("J’embarque (nouvelle édition)");
    // Pages read the catalogue once per database: the seed makes them read it again.
    expect(await titleShown()).toBe("J’embarque (nouvelle édition)");
    expect(await db().select().from(partReads).where(eq(partReads.memberId, member.memberId))).toHaveLength(1);
    await seedContent(db()); // back to the files as they are
  });
});

describe("/trainings", () => {
  it("shows each training's state by its button: start, continue, unlock", async () => {
    const member = await verifiedMember();
    const list = await trainingsOf(member);
    const bySlug = Object.fromEntries(list.trainings.map((t) => [t.slug, t]));
    expect(bySlug["j-embarque"]).toMatchObject({
      state: "not_started",
      percent: 0,
      actionPath: modulePath(onboarding.modules[0].slug),
    });
    expect(bySlug["tenir-le-cap"].state).toBe("locked");
    expect(list.tests.length).toBeGreaterThanOrEqual(2);

    const first = onboarding.modules[0];
    await readPart(member, first.slug, first.parts[0].slug);
    const after = (await trainingsOf(member)).trainings.find((t) => t.slug === "j-embarque")!;
    expect(after.state).toBe("in_progress");
    expect(after.percent).toBeGreaterThan(0);
    // "Continue" leads to the part to read next (issue 28 item 1).
    expect(after.actionPath).toBe(`${modulePath(first.slug)}#part-${first.parts[1].slug}`);
  });

  it("a freemium code unlocks the payable training; a wrong one is refused and changes nothing", async () => {
    const member = await verifiedMember();
    const wrong = await callWith(
      trainingsAction,
      buildRequest("/trainings", { form: { code: "NOPE" }, cookie: member.cookie }),
    );
    expect(statusOf(wrong)).toBe(422);
    expect(await db().select().from(entitlements)).toHaveLength(0);

    const right = await callWith(
      trainingsAction,
      buildRequest("/trainings", { form: { code: " cap-equipage " }, cookie: member.cookie }),
    );
    expect(headerOf(right, "Location")).toBe("/trainings?unlocked=tenir-le-cap");
    expect((await trainingsOf(member)).trainings.find((t) => t.slug === "tenir-le-cap")!.state).toBe("not_started");
  });

  it("npm run grant opens a payable training to a member by email", async () => {
    const member = await verifiedMember();
    expect(await grantByEmail("nobody@example.com", "tenir-le-cap")).toBe("noMember");
    expect(await grantByEmail(member.email, "nope")).toBe("noTraining");
    expect(await grantByEmail(member.email.toUpperCase(), "tenir-le-cap")).toBe("granted");
    expect((await trainingsOf(member)).trainings.find((t) => t.slug === "tenir-le-cap")!.state).toBe("not_started");
  });

  it("a locked training's module sends the member to the training page", async () => {
    const member = await verifiedMember();
    const answer = await callWith(
      moduleLoader,
      buildRequest("/training/tenir-le-cap/modules/x", { cookie: member.cookie }),
      {
        params: {
          training_slug: "tenir-le-cap",
          module_slug: readTrainingFiles().find((f) => f.content.slug === "tenir-le-cap")!.content.modules[0].slug,
        },
      },
    );
    expect(headerOf(answer, "Location")).toBe("/training/tenir-le-cap");
  });
});

/** The quiz's refusal on the module page: conform's reply, fields `q_<question>`. */
type Reply = {
  status: string;
  error: Record<string, string[] | null>;
  initialValue: Record<string, string | string[]>;
};
const field = (question: string) => `q_${question}`;

describe("quiz", () => {
  const module = onboarding.modules.find((m) => m.quiz!.questions.some((q) => q.max > 1))!;
  const multi = module.quiz!.questions.find((q) => q.max > 1)!;

  it("refuses too few, too many and none with SPEC §5's messages, keeps every choice, stores nothing", async () => {
    const member = await verifiedMember();
    const answers = validAnswers(module);
    const tooFew = await answerQuiz(member, module.slug, { ...answers, [multi.id]: [multi.answers[0].id] });
    expect(statusOf(tooFew)).toBe(400);
    // conform's reply: the message's key under the question's field, every choice kept.
    const refused = await dataOf<Reply>(tooFew);
    expect(refused.status).toBe("error");
    expect(refused.error).toEqual({ "": ["quiz.refused"], [field(multi.id)]: ["quiz.errors.atLeast"] });
    expect(refused.initialValue[field(multi.id)]).toEqual([multi.answers[0].id]);
    expect(refused.initialValue).toEqual({
      intent: "quiz",
      ...Object.fromEntries(Object.entries(answers).map(([q, ids]) => [field(q), ids])),
      [field(multi.id)]: [multi.answers[0].id],
    });
    // The number the page shows with the message comes from the question.
    expect(errorCount(multi, "quiz.errors.atLeast")).toBe(multi.min);

    const tooMany = await answerQuiz(member, module.slug, {
      ...answers,
      [multi.id]: multi.answers.slice(0, multi.max + 1).map((a) => a.id),
    });
    const refusedTooMany = await dataOf<Reply>(tooMany);
    expect(refusedTooMany.error[field(multi.id)]).toEqual(["quiz.errors.atMost"]);
    expect(refusedTooMany.initialValue[field(multi.id)]).toEqual(
      multi.answers.slice(0, multi.max + 1).map((a) => a.id),
    );
    expect(errorCount(multi, "quiz.errors.atMost")).toBe(multi.max);

    const none = await answerQuiz(member, module.slug, { ...answers, [multi.id]: [] });
    const refusedNone = await dataOf<Reply>(none);
    expect(refusedNone.error[field(multi.id)]).toEqual(["quiz.errors.required"]);
    expect(refusedNone.initialValue[field(multi.id)]).toEqual([]);
    expect(errorCount(multi, "quiz.errors.required")).toBeUndefined();

    expect(await db().select().from(quizSubmissions)).toHaveLength(0);
  });

  it("ignores answer ids the question does not have", async () => {
    const member = await verifiedMember();
    const answer = await answerQuiz(member, module.slug, {
      ...validAnswers(module),
      [multi.id]: ["forged", multi.answers[0].id],
    });
    const refused = await dataOf<Reply>(answer);
    expect(refused.error[field(multi.id)]).toEqual(["quiz.errors.atLeast"]);
    expect(refused.initialValue[field(multi.id)]).toEqual([multi.answers[0].id]);
  });

  it("shows with each message the number the selection rule counts", () => {
    for (const question of module.quiz!.questions) {
      for (const selected of [0, question.min - 1, question.max + 1]) {
        const error = selectionError(question, selected);
        if (error) expect(errorCount(question, error.key)).toBe("count" in error ? error.count : undefined);
      }
    }
  });

  it("stores an accepted submission with its score; the module completes once every part is read", async () => {
    const member = await verifiedMember();
    const accepted = await answerQuiz(member, module.slug, validAnswers(module));
    expect(headerOf(accepted, "Location")).toBe(`${modulePath(module.slug)}?quiz=done#quiz`);
    const [stored] = await db().select().from(quizSubmissions).where(eq(quizSubmissions.memberId, member.memberId));
    expect(stored.passed).toBe(true);
    // Scored on the graded questions: a question without right answers is an opinion.
    expect(stored.score.total).toBe(module.quiz!.questions.filter((q) => q.answers.some((a) => a.correct)).length);

    const view = async () =>
      dataOf<{ module: { completed: boolean; quiz: { last: { answers: Record<string, string[]> } } } }>(
        await callWith(moduleLoader, buildRequest(modulePath(module.slug), { cookie: member.cookie }), {
          params: { training_slug: "j-embarque", module_slug: module.slug },
        }),
      );
    expect((await view()).module.completed).toBe(false);
    expect((await view()).module.quiz.last.answers).toEqual(validAnswers(module));
    for (const part of module.parts) await readPart(member, module.slug, part.slug);
    expect((await view()).module.completed).toBe(true);
  });
});

describe("a whole training", () => {
  it("ends on the congratulation page, then see my result shows every module's score", async () => {
    const member = await verifiedMember();
    const early = await callWith(
      congratulationsLoader,
      buildRequest("/training/j-embarque/congratulations", { cookie: member.cookie }),
      {
        params: { training_slug: "j-embarque" },
      },
    );
    expect(headerOf(early, "Location")).toBe("/training/j-embarque");

    let last: unknown;
    for (const module of onboarding.modules) last = await completeModule(member, module);
    expect(headerOf(last, "Location")).toBe("/training/j-embarque/congratulations");

    const card = (await trainingsOf(member)).trainings.find((t) => t.slug === "j-embarque")!;
    expect(card).toMatchObject({
      state: "completed",
      percent: 100,
      // SPEC §2 gives the onboarding training's results a path of their own.
      actionPath: "/training_results/j-embarque",
    });
    const result = await dataOf<{ result: { modules: { completed: boolean; right: number | null }[] } }>(
      await callWith(resultLoader, buildRequest("/training_results/j-embarque", { cookie: member.cookie })),
    );
    expect(result.result.modules.every((m) => m.completed && m.right !== null)).toBe(true);
  });
});

describe("a training's results", () => {
  it("tick only the modules done: one not done yet, or answered below the mark, gets no tick", async () => {
    const member = await verifiedMember();
    const [done, failed] = onboarding.modules;
    await completeModule(member, done);
    await answerQuiz(member, failed.slug, {
      ...validAnswers(failed),
      [failed.quiz!.questions[0].id]: failed
        .quiz!.questions[0].answers.filter((a) => !a.correct)
        .map((a) => a.id)
        .slice(0, 1),
    });
    const data = await dataOf<object>(
      await callWith(resultLoader, buildRequest("/training_results/j-embarque", { cookie: member.cookie })),
    );
    const html = (await renderPage(ResultPage, { path: "/training_results/j-embarque", loaderData: data })).replaceAll(
      "<!-- -->",
      "",
    );
    const items = [...html.matchAll(/<li( class="check-list__open")?><strong>([^<]+)<\/strong> — ([^<]+)/g)].map(
      ([, open, title, state]) => [title, state.trim(), open ? "open" : "ticked"],
    );
    expect(items).toEqual([
      [done.title.fr, "2 / 2 au quiz", "ticked"],
      [failed.title.fr, "1 / 2 au quiz", "open"],
      [onboarding.modules[2].title.fr, "Pas encore fait", "open"],
    ]);
  });
});

describe("members reach only their own progress", () => {
  it("another member's reads and answers neither show nor change", async () => {
    const ana = await verifiedMember({ email: "ana@example.com" });
    const bo = await verifiedMember({ email: "bo@example.com" });
    const module = onboarding.modules[0];
    await completeModule(ana, module);

    const boView = await dataOf<{
      module: { parts: { read: boolean }[]; quiz: { last: unknown }; completed: boolean };
    }>(
      await callWith(moduleLoader, buildRequest(modulePath(module.slug), { cookie: bo.cookie }), {
        params: { training_slug: "j-embarque", module_slug: module.slug },
      }),
    );
    expect(boView.module.parts.every((p) => !p.read)).toBe(true);
    expect(boView.module.quiz.last).toBeNull();
    expect(boView.module.completed).toBe(false);

    await answerQuiz(bo, module.slug, validAnswers(module));
    const anaRows = await db()
      .select()
      .from(quizSubmissions)
      .where(and(eq(quizSubmissions.memberId, ana.memberId)));
    expect(anaRows).toHaveLength(1);
  });
});
