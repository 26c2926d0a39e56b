import { describe, expect, it } from "vitest";
import TrainingPage, { loader as trainingLoader } from "~/routes/_default.training.$training_slug._index";
import ModulePage, {
  action as moduleAction,
  loader as moduleLoader,
} from "~/routes/_default.training.$training_slug.modules.$module_slug";
import ZonePage, { loader as zoneLoader } from "~/routes/_default.profile_.time-zone";
import MemberFile, { loader as memberFileLoader } from "~/routes/_default.admin.members.$id/route";
import { renderPage, type TestMember, verifiedMember } from "../support/accounts";
import { adminMember } from "../support/roles";
import { dataOf, getAs, postAs } from "../support/http";
import { seededContent } from "../support/trainings";

/**
 * Counts, durations and agreement as a member reads them, French first and English native: the
 * words come from i18next's plural forms and Intl, never "(s)" or "1.5 heure".
 */
const onboarding = seededContent["j-embarque"];
const [first, second] = onboarding.modules;
const trainingPath = "/training/j-embarque";

async function trainingPage(member: TestMember, lang: "fr" | "en") {
  const answer = await getAs(trainingLoader, trainingPath, member, { training_slug: "j-embarque" }, { lang });
  return renderPage(TrainingPage, { path: trainingPath, lang, loaderData: await dataOf<object>(answer) });
}

async function modulePage(member: TestMember, module: typeof first, lang: "fr" | "en", query = "") {
  const path = `${trainingPath}/modules/${module.slug}`;
  const params = { training_slug: "j-embarque", module_slug: module.slug };
  const answer = await getAs(moduleLoader, `${path}${query}`, member, params, { lang });
  return renderPage(ModulePage, { path, lang, loaderData: await dataOf<object>(answer) });
}

/** Answers the first module's quiz: its two graded questions both right or both wrong; its open one counts as right. */
async function answerFirstQuiz(member: TestMember, graded: "right" | "wrong") {
  const [single, multiple, open] = first.quiz!.questions;
  const rightOf = (q: typeof single) => q.answers.filter((a) => a.correct).map((a) => a.id);
  const wrongOf = (q: typeof single) =>
    q.answers
      .filter((a) => !a.correct)
      .slice(0, q.min)
      .map((a) => a.id);
  const form = {
    intent: "quiz",
    [`q_${single.id}`]: graded === "right" ? rightOf(single) : wrongOf(single),
    [`q_${multiple.id}`]: graded === "right" ? rightOf(multiple) : wrongOf(multiple),
    [`q_${open.id}`]: [open.answers[0].id],
  };
  const path = `${trainingPath}/modules/${first.slug}`;
  return postAs(moduleAction, path, member, form, { training_slug: "j-embarque", module_slug: first.slug });
}

describe("a training's words", () => {
  it("says each module's duration in hours and minutes, and its state in the masculine", async () => {
    // The seeded modules last 0.5, 1 and 1.5 hours.
    expect(onboarding.modules.map((module) => module.hours)).toEqual([0.5, 1, 1.5]);
    const member = await verifiedMember();

    const fr = await trainingPage(member, "fr");
    for (const words of [">30 minutes<", ">1 heure<", ">1 h 30<", ">Pas commencé<"]) expect(fr).toContain(words);
    expect(fr).not.toMatch(/1[.,]5|Pas commencée|Terminée/);

    const en = await trainingPage(member, "en");
    for (const words of [">30 minutes<", ">1 hour<", ">1 h 30 min<", ">Not started<"]) expect(en).toContain(words);
  });

  it("asks for exactly the number a question wants, and tells an empty choice to choose", async () => {
    const member = await verifiedMember();
    const exactly = second.quiz!.questions.find((q) => q.min === q.max && q.min > 1)!;
    expect(exactly.min).toBe(2);
    expect(await modulePage(member, second, "fr")).toContain("Choisissez 2 réponses.");
    expect(await modulePage(member, second, "en")).toContain("Choose 2 answers.");

    const path = `${trainingPath}/modules/${first.slug}`;
    const params = { training_slug: "j-embarque", module_slug: first.slug };
    const refused = await postAs(moduleAction, path, member, { intent: "quiz" }, params);
    const loaderData = await dataOf<object>(await getAs(moduleLoader, path, member, params));
    const shown = await renderPage(ModulePage, { path, loaderData, actionData: await dataOf<object>(refused) });
    expect(shown).toContain("Choisissez une réponse");
    expect(shown).not.toContain("saisir votre réponse");
  });

  it("counts the right answers with i18next's plural forms", async () => {
    const member = await verifiedMember();
    await answerFirstQuiz(member, "wrong");
    // The opinion question is not graded: two of the three count. French says "0 bonne réponse".
    expect(await modulePage(member, first, "fr", "?quiz=done")).toContain(">0 bonne réponse sur 2.<");
    expect(await modulePage(member, first, "en", "?quiz=done")).toContain(">0 right answers out of 2.<");

    await answerFirstQuiz(member, "right");
    expect(await modulePage(member, first, "fr", "?quiz=done")).toContain(">2 bonnes réponses sur 2.<");
    expect(await modulePage(member, first, "en", "?quiz=done")).toContain(">2 right answers out of 2.<");
  });
});

describe("no identifier in a French page", () => {
  it("names time zones by city and offset, and regions in French", async () => {
    const member = await verifiedMember();
    const path = "/profile/time-zone?region=Asia";
    const html = await renderPage(ZonePage, {
      path,
      loaderData: await dataOf<object>(await getAs(zoneLoader, path, member)),
    });
    expect(html).toContain('<option value="Asia/Tokyo">Tokyo (UTC+9)</option>');
    expect(html).toMatch(/<option value="Asia"[^>]*>Asie<\/option>/);
    expect(html).toContain('<option value="Europe/London">Londres (UTC+0)</option>');
    // The usual zones include New York, in winter at five hours behind UTC (a minus sign).
    expect(html).toMatch(/<option value="America\/New_York">New York \(UTC−[45]\)<\/option>/);
    expect(html).toContain("Fuseaux : Asie");
    expect(html).not.toMatch(/>Asia\/|>Asia</);
  });

  it("names a member's language, not its code", async () => {
    const boss = await adminMember();
    const member = await verifiedMember({ email: "lea@example.com" });
    const path = `/admin/members/${member.memberId}`;
    const html = await renderPage(MemberFile, {
      path,
      loaderData: await dataOf<object>(await getAs(memberFileLoader, path, boss, { id: member.memberId })),
    });
    expect(html).toContain("<dd>Français</dd>");
    expect(html).not.toContain("<dd>fr</dd>");
  });
});
