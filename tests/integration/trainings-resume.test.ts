import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { readTrainingFiles } from "~/.server/trainings/seed.server";
import { resumeTarget } from "~/.server/trainings/resume.server";
import { loader as overviewLoader } from "~/routes/_default._index/route";
import { loader as trainingLoader } from "~/routes/_default.training.$training_slug._index";
import { action as moduleAction } from "~/routes/_default.training.$training_slug.modules.$module_slug";
import { loader as trainingsLoader } from "~/routes/_default.trainings._index";
import { type TestMember, verifiedMember } from "../support/accounts";
import { buildRequest, callWith, dataOf, statusOf } from "../support/http";
import { validAnswers } from "../support/trainings";

/**
 * Issue 28 item 1: "continue" on the training page, the overview and the trainings list takes the
 * member back exactly where they stopped, across a module whose quiz is refused then passed.
 */
const onboarding = readTrainingFiles().find((file) => file.content.slug === "j-embarque")!.content;
const [first, second] = onboarding.modules;
const modulePath = (module: string) => `/training/j-embarque/modules/${module}`;

type Card = { slug: string; actionPath: string };
type ModuleCard = { slug: string; state: string; anchor: string };

/** Where each of the three pages' "continue" leads for j-embarque, and the training page's module cards. */
async function buttons(member: TestMember) {
  const request = (path: string) => buildRequest(path, { cookie: member.cookie });
  const list = await dataOf<{ trainings: Card[] }>(await callWith(trainingsLoader, request("/trainings")));
  const overview = await dataOf<{ inProgress: Card[] }>(await callWith(overviewLoader, request("/")));
  const page = await dataOf<{ training: Card; modules: ModuleCard[] }>(
    await callWith(trainingLoader, request("/training/j-embarque"), { params: { training_slug: "j-embarque" } }),
  );
  return {
    list: list.trainings.find((t) => t.slug === "j-embarque")?.actionPath,
    overview: overview.inProgress.find((t) => t.slug === "j-embarque")?.actionPath ?? null,
    page: page.training.actionPath,
    modules: page.modules,
  };
}

/** The three pages agree on `path`, and the service the digest uses says the same. */
async function expectResumeAt(member: TestMember, path: string, inProgress = true) {
  const seen = await buttons(member);
  expect(seen.list).toBe(path);
  expect(seen.page).toBe(path);
  expect(seen.overview).toBe(inProgress ? path : null);
  expect((await resumeTarget(db(), member.memberId, "j-embarque"))?.path).toBe(path);
  return seen;
}

function post(member: TestMember, module: string, form: Record<string, string | string[]>) {
  return callWith(moduleAction, buildRequest(modulePath(module), { form, cookie: member.cookie }), {
    params: { training_slug: "j-embarque", module_slug: module },
  });
}

const read = (member: TestMember, module: string, part: string) => post(member, module, { intent: "read", part });

function quiz(member: TestMember, module: (typeof onboarding.modules)[number], pick: "valid" | "tooMany") {
  const form: Record<string, string[]> = { intent: ["quiz"] };
  const right = validAnswers(module);
  for (const q of module.quiz!.questions)
    form[`q_${q.id}`] =
      pick === "valid" ? right[q.id] : q.answers.slice(0, Math.min(q.max + 1, q.answers.length)).map((a) => a.id);
  return post(member, module.slug, form);
}

describe("continue where I stopped", () => {
  it("leads to the first unread part, then the quiz (refused, still there), then the next module, then the result", async () => {
    const member = await verifiedMember();
    // Not started: the first module's top, and the overview has nothing under way.
    await expectResumeAt(member, modulePath(first.slug), false);

    // Parts read out of order: the first one left unread is where the member goes back.
    await read(member, first.slug, first.parts[0].slug);
    await read(member, first.slug, first.parts[2].slug);
    let seen = await expectResumeAt(member, `${modulePath(first.slug)}#part-${first.parts[1].slug}`);
    expect(seen.modules.find((m) => m.slug === first.slug)).toMatchObject({
      state: "in_progress",
      anchor: `#part-${first.parts[1].slug}`,
    });
    const target = await resumeTarget(db(), member.memberId, "j-embarque");
    expect(target).toMatchObject({
      state: "in_progress",
      training: { slug: "j-embarque", title: onboarding.title },
      module: { slug: first.slug, title: first.title },
      part: { slug: first.parts[1].slug, title: first.parts[1].title },
    });

    // Every part read: the quiz is what is left.
    await read(member, first.slug, first.parts[1].slug);
    await expectResumeAt(member, `${modulePath(first.slug)}#quiz`);

    // A quiz refused (too many answers) stores nothing: still the quiz.
    expect(statusOf(await quiz(member, first, "tooMany"))).toBe(400);
    seen = await expectResumeAt(member, `${modulePath(first.slug)}#quiz`);
    expect(seen.modules.find((m) => m.slug === first.slug)?.state).toBe("in_progress");

    // Passed: the module is done and leads to its result; "continue" opens the next module at its first part.
    expect(statusOf(await quiz(member, first, "valid"))).toBe(303);
    seen = await expectResumeAt(member, `${modulePath(second.slug)}#part-${second.parts[0].slug}`);
    expect(seen.modules.find((m) => m.slug === first.slug)).toMatchObject({ state: "completed", anchor: "#quiz" });
    expect(seen.modules.find((m) => m.slug === second.slug)).toMatchObject({ state: "not_started" });

    // Every module done: the training's result page, and no module or part to name.
    for (const module of onboarding.modules.slice(1)) {
      for (const part of module.parts) await read(member, module.slug, part.slug);
      await quiz(member, module, "valid");
    }
    await expectResumeAt(member, "/training_results/j-embarque", false);
    expect(await resumeTarget(db(), member.memberId, "j-embarque")).toMatchObject({
      state: "completed",
      module: null,
      part: null,
    });
  });

  it("a training the member cannot see has no place to resume; a locked one leads to the unlock form", async () => {
    const member = await verifiedMember();
    expect(await resumeTarget(db(), member.memberId, "no-such-training")).toBeNull();
    expect(await resumeTarget(db(), member.memberId, "tenir-le-cap")).toMatchObject({
      state: "locked",
      path: "/trainings#unlock",
      module: null,
    });
  });

  it("one member's progress never moves another's place", async () => {
    const alice = await verifiedMember({ email: "alice@example.com" });
    const bob = await verifiedMember({ email: "bob@example.com" });
    await read(alice, first.slug, first.parts[0].slug);
    expect((await resumeTarget(db(), bob.memberId, "j-embarque"))?.path).toBe(modulePath(first.slug));
  });
});
