import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { commitments, lifeGpsEntries, mainGoals, weatherCheckins } from "~/.server/db/schema.server";
import { weekStart } from "~/.server/calendar/days.server";
import { dateFormat } from "~/.server/calendar/date-formats.server";
import { today } from "~/.server/space/overview.server";
import Overview, { action as overviewAction, loader as overviewLoader } from "~/routes/_default._index/route";
import { action as commitmentsAction, loader as commitmentsLoader } from "~/routes/_default.my_commitments/route";
import { action as lifeGpsAction, loader as lifeGpsLoader } from "~/routes/_default.my_life_gps";
import { renderPage, type TestMember, verifiedMember } from "../support/accounts";
import { endpointAt } from "../support/endpoints";
import { buildRequest, callApi, callWith, dataOf, headerOf, type RouteFunction, statusOf } from "../support/http";
import { checkedJson } from "../support/openapi";

const post = (fn: RouteFunction, path: string, member: TestMember, form: Record<string, string>) =>
  callWith(fn, buildRequest(path, { form, cookie: member.cookie }));
const get = <T>(fn: RouteFunction, path: string, member: TestMember) =>
  callWith(fn, buildRequest(path, { cookie: member.cookie })).then((answer) => dataOf<T>(answer));

type OverviewData = {
  goal: { title: string; added: string; edited: boolean } | null;
  goalHistory: { title: string }[];
  weather: { today: string | null; days: { mood: string | null }[] };
  week: { start: string; days: { day: string; items: { title: string }[] }[] };
};

describe("main goal", () => {
  it("is set, edited in place (updated date), and replaced with the old one kept as history", async () => {
    const member = await verifiedMember();
    expect(
      headerOf(await post(overviewAction, "/", member, { intent: "edit", title: "Courir un semi" }), "Location"),
    ).toBe("/#goal");
    await post(overviewAction, "/", member, { intent: "edit", title: "Courir un semi-marathon" });
    let view = await get<OverviewData>(overviewLoader, "/", member);
    expect(view.goal?.title).toBe("Courir un semi-marathon");
    expect(view.goalHistory).toEqual([]);

    await post(overviewAction, "/", member, { intent: "new", title: "Changer de métier" });
    view = await get<OverviewData>(overviewLoader, "/", member);
    expect(view.goal?.title).toBe("Changer de métier");
    expect(view.goalHistory.map((g) => g.title)).toEqual(["Courir un semi-marathon"]);
  });

  it("shows the updated date once edited, on the overview and in GET /api/goal, the added date kept", async () => {
    const member = await verifiedMember();
    const goalApi = async () =>
      (await checkedJson(await callApi(endpointAt("/api/goal").loader, "/api/goal", member), "/api/goal", "get")).goal;
    const goalText = async () => {
      const html = await renderPage(Overview, { path: "/", loaderData: await get(overviewLoader, "/", member) });
      return html.match(/Ajouté le (?:[^<]|<!-- -->)*/)?.[0].replace(/<!-- -->/g, "");
    };
    await post(overviewAction, "/", member, { intent: "edit", title: "Courir un semi" });
    // Set on New Year's Day: the edit below is on a later day, and no test waits for a clock.
    const added = new Date("2025-01-01T09:00:00Z");
    await db()
      .update(mainGoals)
      .set({ createdAt: added, updatedAt: added })
      .where(eq(mainGoals.memberId, member.memberId));
    expect(await goalText()).toBe("Ajouté le 1er janvier 2025");
    expect(await goalApi()).toMatchObject({ added_at: added.toISOString(), updated_at: added.toISOString() });

    const editedFrom = Date.now();
    await post(overviewAction, "/", member, { intent: "edit", title: "Courir un semi-marathon" });
    const edited = await goalApi();
    expect(edited).toMatchObject({ title: "Courir un semi-marathon", added_at: added.toISOString() });
    expect(Date.parse(edited.updated_at)).toBeGreaterThanOrEqual(editedFrom);
    const day = dateFormat("fr", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Paris" });
    expect(await goalText()).toBe(
      `Ajouté le 1er janvier 2025 · mis à jour le ${day.format(new Date(edited.updated_at))}`,
    );

    // Reworded through the API, the page tells the new date too.
    await db().update(mainGoals).set({ updatedAt: added }).where(eq(mainGoals.memberId, member.memberId));
    const apiEdit = await callApi(endpointAt("/api/goal").action, "/api/goal", member, {
      method: "POST",
      json: { title: "Courir un marathon" },
    });
    const reworded = (await checkedJson(apiEdit, "/api/goal", "post")).goal;
    expect(reworded.added_at).toBe(added.toISOString());
    expect(Date.parse(reworded.updated_at)).toBeGreaterThan(added.getTime());
    expect(await goalText()).toBe(
      `Ajouté le 1er janvier 2025 · mis à jour le ${day.format(new Date(reworded.updated_at))}`,
    );
  });

  it("refuses an empty title with a message and changes nothing", async () => {
    const member = await verifiedMember();
    const refused = await post(overviewAction, "/", member, { intent: "edit", title: "  " });
    expect(statusOf(refused)).toBe(400);
    expect((await dataOf<{ error: Record<string, string[]> }>(refused)).error.title).toEqual(["errors.goalRequired"]);
    expect(await db().select().from(mainGoals)).toHaveLength(0);
  });
});

describe("interior weather", () => {
  it("checks in once a day (a second check-in changes it) and shows the last seven days", async () => {
    const member = await verifiedMember();
    await post(overviewAction, "/", member, { form: "weather", mood: "not_top" });
    await post(overviewAction, "/", member, { form: "weather", mood: "top" });
    const rows = await db().select().from(weatherCheckins).where(eq(weatherCheckins.memberId, member.memberId));
    expect(rows).toEqual([expect.objectContaining({ day: today("Europe/Paris"), mood: "top" })]);
    const view = await get<OverviewData>(overviewLoader, "/", member);
    expect(view.weather.today).toBe("top");
    expect(view.weather.days).toHaveLength(7);
    expect(statusOf(await post(overviewAction, "/", member, { form: "weather", mood: "sunny" }))).toBe(400);
  });
});

describe("commitments", () => {
  it("are added, shown on the week calendar by due date, edited, done, and deleted", async () => {
    const member = await verifiedMember();
    const due = today("Europe/Paris");
    await post(commitmentsAction, "/my_commitments", member, {
      intent: "create",
      title: "Appeler ma sœur",
      dueDate: due,
    });
    const [row] = await db().select().from(commitments);
    const view = await get<OverviewData>(overviewLoader, "/", member);
    expect(view.week.start).toBe(weekStart(due));
    expect(view.week.days.find((d) => d.day === due)?.items.map((i) => i.title)).toEqual(["Appeler ma sœur"]);

    await post(commitmentsAction, "/my_commitments", member, {
      intent: "update",
      id: row.id,
      title: "Appeler ma sœur dimanche",
      dueDate: due,
    });
    await post(commitmentsAction, "/my_commitments", member, { intent: "done", id: row.id });
    const [updated] = await db().select().from(commitments);
    expect(updated.title).toBe("Appeler ma sœur dimanche");
    expect(updated.doneAt).not.toBeNull();

    await post(commitmentsAction, "/my_commitments", member, { intent: "delete", id: row.id });
    expect(await db().select().from(commitments)).toHaveLength(0);
  });

  it("refuses a bad date and keeps what was typed", async () => {
    const member = await verifiedMember();
    const refused = await post(commitmentsAction, "/my_commitments", member, {
      intent: "create",
      title: "Lire",
      dueDate: "2026-02-31x",
    });
    expect(statusOf(refused)).toBe(400);
    const reply = await dataOf<{ error: Record<string, string[]>; initialValue: Record<string, string> }>(refused);
    expect(reply.error.dueDate).toEqual(["errors.dateInvalid"]);
    expect(reply.initialValue.title).toBe("Lire");
  });

  it("another member's commitment answers 404 to every route with its id, and is left alone", async () => {
    const ana = await verifiedMember({ email: "ana@example.com" });
    const bo = await verifiedMember({ email: "bo@example.com" });
    await post(commitmentsAction, "/my_commitments", ana, { intent: "create", title: "Secret d’Ana" });
    const [row] = await db().select().from(commitments);
    for (const form of <Record<string, string>[]>[
      { intent: "done", id: row.id },
      { intent: "delete", id: row.id },
      { intent: "update", id: row.id, title: "Volé" },
      { intent: "done", id: "not-a-uuid" },
    ]) {
      expect(statusOf(await post(commitmentsAction, "/my_commitments", bo, form)), form.intent).toBe(404);
    }
    for (const query of [`?edit=${row.id}`, `?delete=${row.id}`]) {
      expect(
        statusOf(await callWith(commitmentsLoader, buildRequest(`/my_commitments${query}`, { cookie: bo.cookie }))),
        query,
      ).toBe(404);
    }
    const [untouched] = await db().select().from(commitments);
    expect(untouched).toMatchObject({ title: "Secret d’Ana", doneAt: null });
    expect((await get<{ commitments: unknown[] }>(commitmentsLoader, "/my_commitments", bo)).commitments).toEqual([]);
  });
});

describe("life GPS", () => {
  const form = (score: string) =>
    Object.fromEntries(
      ["sante", "travail", "relations", "finances", "loisirs", "developpement"].flatMap((a) => [
        [`${a}_score`, score],
        [`${a}_note`, `note ${a}`],
      ]),
    );

  it("saves each area's score and note, and keeps the history", async () => {
    const member = await verifiedMember();
    await post(lifeGpsAction, "/my_life_gps", member, form("7"));
    await post(lifeGpsAction, "/my_life_gps", member, form("4"));
    const view = await get<{ entries: { areas: { id: string; score: number; note: string }[] }[] }>(
      lifeGpsLoader,
      "/my_life_gps",
      member,
    );
    expect(view.entries).toHaveLength(2);
    expect(view.entries[0].areas.find((a) => a.id === "sante")).toMatchObject({ score: 4, note: "note sante" });
  });

  it("refuses a score outside 0–10 and stores nothing", async () => {
    const member = await verifiedMember();
    const refused = await post(lifeGpsAction, "/my_life_gps", member, { ...form("5"), travail_score: "11" });
    expect(statusOf(refused)).toBe(400);
    expect((await dataOf<{ error: Record<string, string[]> }>(refused)).error.travail_score).toEqual([
      "errors.scoreRange",
    ]);
    expect(await db().select().from(lifeGpsEntries)).toHaveLength(0);
  });
});
