import { describe, expect, it } from "vitest";
import { loader as surveyPage, action as surveyAnswer } from "~/routes/_home.survey.$token";
import SurveysPage, { action as surveysAction, loader as surveysLoader } from "~/routes/_default.my_team.surveys";
import { loader as dataFile } from "~/routes/profile.data[.]json";
import { lastMailTo, linkIn, renderPage, type TestMember, verifiedMember } from "../support/accounts";
import { answerOf, buildRequest, callWith, dataOf, statusOf } from "../support/http";
import { checkedJson } from "../support/openapi";
import { endpointAt } from "../support/endpoints";

const teamAdd = endpointAt("/api/team").action;
const surveyList = endpointAt("/api/surveys").loader;
const surveyCreate = endpointAt("/api/surveys").action;
const surveyClose = endpointAt("/api/surveys/:id/close").action;

/**
 * Issue 11, item 7: a 360 survey's results never give one answer away by difference. They show
 * once, at close, with 3 answers or more, and never change; the API follows the same rule.
 */
type Handler = typeof teamAdd;

async function api(
  handler: Handler,
  path: string,
  member: TestMember,
  options: { json?: unknown; params?: Record<string, string> } = {},
) {
  const method = options.json === undefined && !options.params ? "GET" : "POST";
  const request = buildRequest(path, {
    json: options.json,
    method,
    headers: { Authorization: `Bearer ${member.token}` },
  });
  return answerOf(handler({ request, params: options.params ?? {}, context: {} }));
}

async function crewOf(member: TestMember, emails: string[]) {
  const ids: string[] = [];
  for (const email of emails) {
    const added = await api(teamAdd, "/api/team", member, {
      json: { name: email.split("@")[0], email, relation: "friend" },
    });
    expect(added.status).toBe(201);
    ids.push((await added.json()).crew.id);
  }
  return ids;
}

async function linksOf(emails: string[]) {
  return Promise.all(emails.map(async (email) => linkIn(await lastMailTo(email), "/survey/")));
}

function answer(link: string, score: number, comment = "") {
  const token = link.split("/").at(-1)!;
  const form = {
    score_q1: String(score),
    score_q2: String(score),
    score_q3: String(score),
    comment_q1: comment,
  };
  return callWith(surveyAnswer, buildRequest(link, { form }), { params: { token } });
}

async function listed(member: TestMember) {
  type Survey = { id: string; answered: number; closed: boolean; results: { average: number }[] | null };
  return (
    await checkedJson<{ surveys: Survey[] }>(await api(surveyList, "/api/surveys", member), "/api/surveys", "get")
  ).surveys;
}

describe("360 survey anonymity", () => {
  it("GET /api/surveys shows no average on an open survey, so the 4th answer cannot be read as 4 × new − 3 × old", async () => {
    const member = await verifiedMember();
    const emails = ["ana", "ben", "cid", "dan", "eva"].map((name) => `${name}@example.com`);
    const crew = await crewOf(member, emails);
    const created = await api(surveyCreate, "/api/surveys", member, {
      json: { title: "360", questions: ["A ?", "B ?", "C ?"], crew },
    });
    expect(created.status).toBe(201);
    const links = await linksOf(emails);

    for (const [index, score] of [5, 1, 3].entries()) expect(statusOf(await answer(links[index], score))).toBe(303);
    expect((await listed(member))[0]).toMatchObject({ answered: 3, closed: false, results: null });
    expect(statusOf(await answer(links[3], 4))).toBe(303);
    const [open] = await listed(member);
    expect(open).toMatchObject({ answered: 4, closed: false, results: null });

    const closed = await api(surveyClose, `/api/surveys/${open.id}/close`, member, { params: { id: open.id } });
    const final = (await checkedJson(closed, "/api/surveys/{id}/close", "post")).survey;
    expect(final.results.map((result: { average: number }) => result.average)).toEqual([3.3, 3.3, 3.3]);

    // Closed is final: a late answer is refused and the results stay what they were.
    expect(statusOf(await answer(links[4], 1))).toBe(409);
    expect((await listed(member))[0]).toMatchObject({ answered: 4, closed: true, results: final.results });
    const again = await api(surveyClose, `/api/surveys/${open.id}/close`, member, { params: { id: open.id } });
    expect(again.status).toBe(404);
  });

  it("two addresses the member controls plus one real person: the person is told how many were asked and the limit; without their answer nothing shows", async () => {
    const member = await verifiedMember();
    const emails = ["moi.bis@example.com", "moi.ter@example.com", "vraie.personne@example.com"];
    const crew = await crewOf(member, emails);
    expect(
      (
        await api(surveyCreate, "/api/surveys", member, {
          json: { title: "360", questions: ["A ?", "B ?", "C ?"], crew },
        })
      ).status,
    ).toBe(201);
    const [puppet1, puppet2, real] = await linksOf(emails);

    // What the real person reads before answering: how many people the survey went to (3, so
    // their answer would be one third of an average), and the limit of the promise.
    const token = real.split("/").at(-1)!;
    const page = await dataOf<{ state: string; survey: { asked: number; memberName: string } }>(
      await callWith(surveyPage, buildRequest(real), { params: { token } }),
    );
    expect(page).toMatchObject({ state: "open", survey: { asked: 3, memberName: "Marie Curie" } });

    // The member's own two answers are not enough for any result, before or after closing.
    expect(statusOf(await answer(puppet1, 5))).toBe(303);
    expect(statusOf(await answer(puppet2, 5))).toBe(303);
    expect((await listed(member))[0]).toMatchObject({ answered: 2, closed: false, results: null });
    const [survey] = await listed(member);
    const close = buildRequest("/my_team/surveys", { form: { intent: "close", id: survey.id }, cookie: member.cookie });
    expect(statusOf(await callWith(surveysAction, close))).toBe(303);
    expect(statusOf(await answer(real, 1))).toBe(409);
    const onPage = await dataOf<{ surveys: { results: unknown }[] }>(
      await callWith(surveysLoader, buildRequest("/my_team/surveys", { cookie: member.cookie })),
    );
    expect(onPage.surveys[0].results).toBeNull();
    expect((await listed(member))[0]).toMatchObject({ answered: 2, closed: true, results: null });
  });

  it("the surveys page, in French and in English, says the rule, and one more answer on an open survey changes nothing but the count", async () => {
    const member = await verifiedMember();
    const emails = ["fay", "gil", "hal", "ivy", "jon"].map((name) => `${name}@example.com`);
    const crew = await crewOf(member, emails);
    await api(surveyCreate, "/api/surveys", member, { json: { title: "360", questions: ["A ?", "B ?", "C ?"], crew } });
    const links = await linksOf(emails);
    for (const [index, score] of [5, 1, 3].entries()) await answer(links[index], score, `mot ${index}`);

    type Views = { surveys: { answered: number; results: unknown }[] };
    const views = async () => {
      const page = await dataOf<Views>(
        await callWith(surveysLoader, buildRequest("/my_team/surveys", { cookie: member.cookie })),
      );
      const copy = await (
        (await callWith(dataFile, buildRequest("/profile/data.json", { cookie: member.cookie }))) as Response
      ).json();
      const html = {
        fr: await renderPage(SurveysPage, { path: "/my_team/surveys", loaderData: page }),
        en: await renderPage(SurveysPage, { path: "/my_team/surveys", loaderData: page, lang: "en" }),
      };
      return { page, copy: copy.surveys as Views["surveys"], api: await listed(member), html };
    };
    const before = await views();
    expect(statusOf(await answer(links[3], 2, "le quatrième"))).toBe(303);
    const after = await views();

    for (const seen of [before, after]) {
      // The rule, said on the page in both languages.
      expect(seen.html.fr).toContain("s’il a reçu au moins 3 réponses");
      expect(seen.html.en).toContain("if it received at least 3 answers");
      // No average, no comment anywhere the member can look.
      for (const html of Object.values(seen.html)) {
        expect(html).not.toMatch(/Moyenne|Average/);
        expect(html).not.toMatch(/mot \d|le quatrième/);
      }
    }
    // What differs between the two looks is the count, and only the count.
    const withoutCount = ({ answered, ...rest }: Views["surveys"][number]) => rest;
    expect(after.page.surveys.map(withoutCount)).toEqual(before.page.surveys.map(withoutCount));
    expect(after.copy.map(withoutCount)).toEqual(before.copy.map(withoutCount));
    expect(after.api.map(withoutCount)).toEqual(before.api.map(withoutCount));
    expect([before.page.surveys[0].answered, after.page.surveys[0].answered]).toEqual([3, 4]);
    expect([before.copy[0].results, after.copy[0].results, after.api[0].results]).toEqual([null, null, null]);
    expect(after.html.fr.replace(/4 réponses/g, "3 réponses")).toBe(before.html.fr);
    expect(after.html.en.replace(/4 answers/g, "3 answers")).toBe(before.html.en);
  });

  it("once closed, the page, the API and the data copy show the same results for good, comments in alphabetical order whatever the order people answered", async () => {
    const member = await verifiedMember();
    const emails = ["kim", "lou", "max", "ned"].map((name) => `${name}@example.com`);
    const crew = await crewOf(member, emails);
    await api(surveyCreate, "/api/surveys", member, { json: { title: "360", questions: ["A ?", "B ?", "C ?"], crew } });
    const links = await linksOf(emails);
    // Answered in this order: if comments came in the order they arrived, a member who knows
    // who answered first (the count went from 0 to 1 after they said so) would know who wrote what.
    for (const [index, comment] of ["zèbre", "abeille", "moineau"].entries())
      expect(statusOf(await answer(links[index], [2, 3, 5][index], comment))).toBe(303);
    const [open] = await listed(member);
    const close = buildRequest("/my_team/surveys", { form: { intent: "close", id: open.id }, cookie: member.cookie });
    expect(statusOf(await callWith(surveysAction, close))).toBe(303);

    const look = async () => {
      const page = await dataOf<{
        surveys: { results: { average: number; averageText: string; comments: string[] }[] | null }[];
      }>(await callWith(surveysLoader, buildRequest("/my_team/surveys", { cookie: member.cookie })));
      const copy = await (
        (await callWith(dataFile, buildRequest("/profile/data.json", { cookie: member.cookie }))) as Response
      ).json();
      return { page: page.surveys[0].results, api: (await listed(member))[0].results, copy: copy.surveys[0].results };
    };
    const first = await look();
    // The page writes the average as its language does (French here): formatted by the loader.
    expect(first.page?.[0]).toMatchObject({
      average: 3.3,
      averageText: "3,3",
      comments: ["abeille", "moineau", "zèbre"],
    });
    expect(first.api).toEqual(first.page?.map(({ averageText: _written, ...result }) => result));
    expect(
      first.copy.map(({ average, comments }: { average: number; comments: string[] }) => ({ average, comments })),
    ).toEqual(first.page?.map(({ average, comments }) => ({ average, comments })));

    // The fourth person is refused, and nothing moves: no before/after to compare.
    expect(statusOf(await answer(links[3], 5, "aardvark"))).toBe(409);
    expect(await look()).toEqual(first);
  });
});
