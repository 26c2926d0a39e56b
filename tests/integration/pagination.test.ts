import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import {
  coaches,
  coachingBookings,
  commitments,
  crewMembers,
  invitations,
  lifeGpsEntries,
  mainGoals,
  surveys,
} from "~/.server/db/schema.server";
import { loader as lifeGpsLoader } from "~/routes/_default.my_life_gps";
import { pageParam, settlePage } from "~/.server/paging/paging.server";
import Overview, { loader as overviewLoader } from "~/routes/_default._index/route";
import Coaching, { loader as coachingLoader } from "~/routes/_default.coaching._index";
import Invitations, { loader as invitationsLoader } from "~/routes/_default.invitations";
import MyCommitments, {
  action as commitmentsAction,
  loader as commitmentsLoader,
} from "~/routes/_default.my_commitments/route";
import { renderPage, type TestMember, verifiedMember } from "../support/accounts";
import { answerOf, buildRequest, callWith, dataOf, headerOf, type RouteFunction, statusOf } from "../support/http";
import { checkedJson } from "../support/openapi";
import CrewList, { loader as crewListLoader } from "~/routes/_default.my_team.list";
import Surveys, { action as surveysAction, loader as surveysLoader } from "~/routes/_default.my_team.surveys";
import { endpointAt } from "../support/endpoints";

const bookingList = endpointAt("/api/bookings").loader;
const invitationList = endpointAt("/api/invitations").loader;
const teamList = endpointAt("/api/team").loader;
const surveyList = endpointAt("/api/surveys").loader;

type Paged = { page: { page: number; pages: number }; commitments: { title: string }[] };

async function load<T>(fn: RouteFunction, path: string, member: TestMember) {
  const answer = await callWith(fn, buildRequest(path, { cookie: member.cookie }));
  expect(statusOf(answer), path).toBe(200);
  return dataOf<T>(answer);
}

/** The href of the page's link named `rel` ("next" or "prev"), as a browser without JavaScript sees it. */
function linkOf(html: string, rel: "next" | "prev"): string | null {
  const found = html.match(new RegExp(`<a[^>]*rel="${rel}"[^>]*>`))?.[0];
  return found ? (found.match(/href="([^"]*)"/)?.[1] ?? "").replace(/&amp;/g, "&") : null;
}

async function addCommitments(member: TestMember, count: number) {
  await db()
    .insert(commitments)
    .values(
      Array.from({ length: count }, (_, i) => ({
        memberId: member.memberId,
        title: `Engagement ${String(i + 1).padStart(2, "0")}`,
        dueDate: `2030-01-${String(i + 1).padStart(2, "0")}`,
      })),
    );
}

describe("the page helper", () => {
  it("reads a page number from a link: anything else is the first page, past the end the last", () => {
    const at = (query: string) => pageParam(new URL(`http://x/?${query}`));
    expect(["", "page=0", "page=-1", "page=abc", "page=1.5", "page=2e3", "page=%00"].map(at)).toEqual([
      1, 1, 1, 1, 1, 1, 1,
    ]);
    expect(at("page=7")).toBe(7);
    expect(at("page=99999999999999999999")).toBe(1);
    expect(settlePage({ page: at("page=99999"), limit: 10 }, 25)).toMatchObject({ page: 3, pages: 3, offset: 20 });
    expect(settlePage({ page: 4, limit: 10 }, 0)).toMatchObject({ page: 1, pages: 1, offset: 0 });
  });
});

describe("/my_commitments pages", () => {
  it("shows 25 commitments on 3 pages of plain links, Page 2 sur 3, in order and none lost", async () => {
    const member = await verifiedMember();
    await addCommitments(member, 25);
    const seen: string[] = [];
    let path: string | null = "/my_commitments";
    const statuses: string[] = [];
    while (path) {
      const data = await load<Paged>(commitmentsLoader, path, member);
      seen.push(...data.commitments.map((c) => c.title));
      const html = await renderPage(MyCommitments, { path, loaderData: data });
      statuses.push(html.match(/Page \d+ sur \d+/)?.[0] ?? "");
      path = linkOf(html, "next");
      if (path) expect(path).toMatch(/^\/my_commitments\?page=\d$/);
    }
    expect(statuses).toEqual(["Page 1 sur 3", "Page 2 sur 3", "Page 3 sur 3"]);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `Engagement ${String(i + 1).padStart(2, "0")}`));

    const last = await load<Paged>(commitmentsLoader, "/my_commitments?page=3", member);
    const html = await renderPage(MyCommitments, { path: "/my_commitments?page=3", loaderData: last, lang: "en" });
    expect(html).toContain("Page 3 of 3");
    expect(linkOf(html, "prev")).toBe("/my_commitments?page=2");
    expect(linkOf(html, "next")).toBeNull();
  });

  it("bounds the page parameter: 0, -1, abc give the first page, 99999 the last, never an error", async () => {
    const member = await verifiedMember();
    await addCommitments(member, 25);
    for (const query of ["page=0", "page=-1", "page=abc", "page=", "page=1&page=3"]) {
      const data = await load<Paged>(commitmentsLoader, `/my_commitments?${query}`, member);
      expect(data.page, query).toEqual({ page: 1, pages: 3 });
      expect(data.commitments[0].title).toBe("Engagement 01");
    }
    const far = await load<Paged>(commitmentsLoader, "/my_commitments?page=99999", member);
    expect(far.page).toEqual({ page: 3, pages: 3 });
    expect(far.commitments).toHaveLength(5);
  });

  it("marking one done on page 2 comes back to page 2; a single page shows no links", async () => {
    const member = await verifiedMember();
    await addCommitments(member, 12);
    const rows = await db().select().from(commitments);
    const eleventh = rows.find((row) => row.title === "Engagement 11")!;
    const answer = await callWith(
      commitmentsAction,
      buildRequest("/my_commitments?page=2", { form: { intent: "done", id: eleventh.id }, cookie: member.cookie }),
    );
    expect(headerOf(answer, "Location")).toBe(`/my_commitments?page=2#commitment-${eleventh.id}`);

    const other = await verifiedMember({ email: "other@example.com" });
    await addCommitments(other, 3);
    const data = await load<Paged>(commitmentsLoader, "/my_commitments", other);
    const html = await renderPage(MyCommitments, { path: "/my_commitments", loaderData: data });
    expect(html).not.toContain('class="pagination"');
  });
});

describe("the other lists that grow", () => {
  it("pages the overview's goal history", async () => {
    const member = await verifiedMember();
    const replacedAt = (i: number) => new Date(Date.UTC(2025, 0, 1 + i));
    await db()
      .insert(mainGoals)
      .values([
        ...Array.from({ length: 13 }, (_, i) => ({
          memberId: member.memberId,
          title: `Ancien objectif ${i + 1}`,
          replacedAt: replacedAt(i),
        })),
        { memberId: member.memberId, title: "Objectif actuel" },
      ]);
    type View = {
      goal: { title: string };
      goalHistory: { title: string }[];
      goalHistoryPage: { page: number; pages: number };
    };
    const first = await load<View>(overviewLoader, "/", member);
    expect(first.goal.title).toBe("Objectif actuel");
    expect(first.goalHistory).toHaveLength(10);
    expect(first.goalHistory[0].title).toBe("Ancien objectif 13");
    expect(first.goalHistoryPage).toEqual({ page: 1, pages: 2 });
    const html = await renderPage(Overview, { path: "/?week=2030-01-06", loaderData: first });
    expect(linkOf(html, "next")).toBe("/?week=2030-01-06&page=2#goal-history");

    const second = await load<View>(overviewLoader, "/?page=2", member);
    expect(second.goalHistory.map((g) => g.title)).toEqual([
      "Ancien objectif 3",
      "Ancien objectif 2",
      "Ancien objectif 1",
    ]);
    expect((await load<View>(overviewLoader, "/?page=-4", member)).goalHistoryPage.page).toBe(1);
  });

  it("pages the life GPS history; the radar stays the newest filling", async () => {
    const member = await verifiedMember();
    const ratings = (score: number) =>
      Object.fromEntries(
        ["sante", "travail", "relations", "finances", "loisirs", "developpement"].map((area) => [
          area,
          { score, note: "" },
        ]),
      );
    await db()
      .insert(lifeGpsEntries)
      .values(
        Array.from({ length: 14 }, (_, i) => ({
          memberId: member.memberId,
          ratings: ratings(i % 11),
          createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        })),
      );
    type View = { latest: { date: string } | null; entries: unknown[]; page: { page: number; pages: number } };
    const first = await load<View>(lifeGpsLoader, "/my_life_gps", member);
    expect(first.entries).toHaveLength(12);
    expect(first.page).toMatchObject({ page: 1, pages: 2 });
    expect(first.latest?.date).toMatch(/14/);
    const second = await load<View>(lifeGpsLoader, "/my_life_gps?page=2", member);
    expect(second.entries).toHaveLength(2);
    expect(second.latest?.date).toBe(first.latest?.date);
    expect((await load<View>(lifeGpsLoader, "/my_life_gps?page=-1", member)).page.page).toBe(1);
  });

  it("pages the member's past coaching sessions", async () => {
    const member = await verifiedMember();
    const [coach] = await db().select().from(coaches).limit(1);
    await db()
      .insert(coachingBookings)
      .values(
        Array.from({ length: 12 }, (_, i) => {
          const startsAt = new Date(Date.UTC(2024, 0, 1 + i, 9));
          const endsAt = new Date(startsAt.getTime() + 30 * 60_000);
          return {
            memberId: member.memberId,
            coachId: coach.id,
            startsAt,
            endsAt,
            blockedUntil: endsAt,
            timeZone: "Europe/Paris",
            meetingUrl: "https://meet.example/x",
            coachTokenHash: `past-${i}`,
          };
        }),
      );
    type View = { past: unknown[]; pastPage: { page: number; pages: number } };
    const first = await load<View>(coachingLoader, "/coaching", member);
    expect(first.past).toHaveLength(10);
    expect(first.pastPage).toEqual({ page: 1, pages: 2 });
    const html = await renderPage(Coaching, { path: "/coaching", loaderData: first });
    expect(linkOf(html, "next")).toBe("/coaching?page=2#sessions");
    const far = await load<View>(coachingLoader, "/coaching?page=abc", member);
    expect(far.pastPage.page).toBe(1);
    const last = await load<View>(coachingLoader, "/coaching?page=99999", member);
    expect(last.past).toHaveLength(2);

    // The API: every upcoming session, and the past a page at a time, checked against its document.
    const api = async (query: string) => {
      const request = buildRequest(`/api/bookings${query}`, { headers: { Authorization: `Bearer ${member.token}` } });
      return answerOf(bookingList({ request, params: {}, context: {} }));
    };
    const third = await checkedJson(await api("?limit=5&page=3"), "/api/bookings", "get");
    expect(third).toMatchObject({ total: 12, page: 3, limit: 5, next: null, upcoming: [] });
    expect(third.past).toHaveLength(2);
    const firstPage = await checkedJson(await api(""), "/api/bookings", "get");
    expect(firstPage).toMatchObject({ total: 12, page: 1, limit: 20, next: null });
    for (const bad of ["?page=0", "?limit=51", "?page=abc"]) {
      expect((await api(bad)).status, bad).toBe(422);
    }
  });

  it("pages the invitations sent and received, each with its own parameter", async () => {
    const member = await verifiedMember();
    const inviter = await verifiedMember({ email: "inviter@example.com" });
    await db()
      .insert(invitations)
      .values([
        ...Array.from({ length: 14 }, (_, i) => ({ inviterId: member.memberId, email: `friend${i}@example.com` })),
        ...Array.from({ length: 11 }, () => ({ inviterId: inviter.memberId, email: member.email })),
      ]);
    type View = {
      sent: unknown[];
      sentPage: { page: number; pages: number };
      received: unknown[];
      receivedPage: { page: number; pages: number };
    };
    const first = await load<View>(invitationsLoader, "/invitations", member);
    expect([first.sent.length, first.received.length]).toEqual([10, 10]);
    expect(first.sentPage).toEqual({ page: 1, pages: 2 });
    const html = await renderPage(Invitations, { path: "/invitations", loaderData: first });
    expect(html).toContain('href="/invitations?received=2#received-title"');
    expect(html).toContain('href="/invitations?page=2#sent-title"');
    // When each was last sent, in the page's language (written by the loader: no Intl in the browser).
    expect(html).toMatch(/Dernier envoi : \d{1,2} [a-zéû]+\.? \d{4}, \d{2}:\d{2}/);
    const both = await load<View>(invitationsLoader, "/invitations?page=2&received=99999", member);
    expect([both.sent.length, both.received.length]).toEqual([4, 1]);

    // The API: one page and limit for both lists, `next` while either has more.
    const api = async (query: string) => {
      const request = buildRequest(`/api/invitations${query}`, {
        headers: { Authorization: `Bearer ${member.token}` },
      });
      return checkedJson(
        await answerOf(invitationList({ request, params: {}, context: {} })),
        "/api/invitations",
        "get",
      );
    };
    const second = await api("?limit=6&page=2");
    expect([second.sent.length, second.received.length]).toEqual([6, 5]);
    expect(second).toMatchObject({ sent_total: 14, received_total: 11, page: 2, limit: 6, next: 3 });
    const third = await api("?limit=6&page=3");
    expect([third.sent.length, third.received.length]).toEqual([2, 0]);
    expect(third.next).toBeNull();
  });

  it("pages the crew list, Page 2 sur 2 by plain links, and /api/team with page, limit, total and next", async () => {
    const member = await verifiedMember();
    const name = (i: number) => `Équipier ${String(i + 1).padStart(2, "0")}`;
    await db()
      .insert(crewMembers)
      .values(
        Array.from({ length: 15 }, (_, i) => ({
          memberId: member.memberId,
          name: name(i),
          email: `crew${i}@example.com`,
          relation: "friend",
        })),
      );
    type View = { crew: { name: string }[]; page: { page: number; pages: number } };
    const first = await load<View>(crewListLoader, "/my_team/list", member);
    expect(first.crew.map((person) => person.name)).toEqual(Array.from({ length: 12 }, (_, i) => name(i)));
    const html = await renderPage(CrewList, { path: "/my_team/list", loaderData: first });
    expect(html).toContain("Page 1 sur 2");
    expect(linkOf(html, "next")).toBe("/my_team/list?page=2");
    const second = await load<View>(crewListLoader, "/my_team/list?page=2", member);
    expect(second.crew.map((person) => person.name)).toEqual([name(12), name(13), name(14)]);
    for (const query of ["page=0", "page=-1", "page=abc"]) {
      expect((await load<View>(crewListLoader, `/my_team/list?${query}`, member)).page.page, query).toBe(1);
    }
    expect((await load<View>(crewListLoader, "/my_team/list?page=99999", member)).crew).toHaveLength(3);

    const api = async (query: string) => {
      const request = buildRequest(`/api/team${query}`, { headers: { Authorization: `Bearer ${member.token}` } });
      return answerOf(teamList({ request, params: {}, context: {} }));
    };
    const page = await checkedJson(await api("?limit=4&page=4"), "/api/team", "get");
    expect(page).toMatchObject({ total: 15, page: 4, limit: 4, next: null });
    expect(page.crew.map((person: { name: string }) => person.name)).toEqual([name(12), name(13), name(14)]);
    expect(await checkedJson(await api(""), "/api/team", "get")).toMatchObject({ total: 15, limit: 20, next: null });
    expect((await checkedJson(await api("?limit=5"), "/api/team", "get")).next).toBe(2);
    for (const bad of ["?page=0", "?limit=51", "?limit=abc"]) {
      expect((await api(bad)).status, bad).toBe(422);
    }
  });

  it("pages the surveys list newest first; closing one on page 2 comes back to page 2; /api/surveys pages too", async () => {
    const member = await verifiedMember();
    const title = (i: number) => `Questionnaire ${String(i + 1).padStart(2, "0")}`;
    await db()
      .insert(surveys)
      .values(
        Array.from({ length: 13 }, (_, i) => ({
          memberId: member.memberId,
          title: title(i),
          questions: [{ id: "q1", prompt: "Écoute" }],
          createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        })),
      );
    type View = { surveys: { id: string; title: string }[]; page: { page: number; pages: number } };
    const first = await load<View>(surveysLoader, "/my_team/surveys", member);
    expect(first.surveys).toHaveLength(10);
    expect(first.surveys[0].title).toBe(title(12));
    const html = await renderPage(Surveys, { path: "/my_team/surveys", loaderData: first, lang: "en" });
    expect(html).toContain("Page 1 of 2");
    expect(linkOf(html, "next")).toBe("/my_team/surveys?page=2#surveys-list-title");
    const second = await load<View>(surveysLoader, "/my_team/surveys?page=2", member);
    expect(second.surveys.map((survey) => survey.title)).toEqual([title(2), title(1), title(0)]);
    expect((await load<View>(surveysLoader, "/my_team/surveys?page=-1", member)).page.page).toBe(1);
    expect((await load<View>(surveysLoader, "/my_team/surveys?page=99999", member)).page.page).toBe(2);

    const closing = await callWith(
      surveysAction,
      buildRequest("/my_team/surveys?page=2", {
        form: { intent: "close", id: second.surveys[0].id },
        cookie: member.cookie,
      }),
    );
    expect(headerOf(closing, "Location")).toBe("/my_team/surveys?closed&page=2");

    const api = async (query: string) => {
      const request = buildRequest(`/api/surveys${query}`, { headers: { Authorization: `Bearer ${member.token}` } });
      return answerOf(surveyList({ request, params: {}, context: {} }));
    };
    const page = await checkedJson(await api("?limit=5&page=3"), "/api/surveys", "get");
    expect(page).toMatchObject({ total: 13, page: 3, limit: 5, next: null });
    expect(page.surveys.map((survey: { title: string }) => survey.title)).toEqual([title(2), title(1), title(0)]);
    expect((await checkedJson(await api("?limit=5"), "/api/surveys", "get")).next).toBe(2);
    expect((await api("?page=abc")).status).toBe(422);
  });
});
