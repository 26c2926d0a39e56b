import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { commitments, trainingModules } from "~/.server/db/schema.server";
import { today } from "~/.server/space/overview.server";
import { registerMember, verifiedMember } from "../support/accounts";
import { checkedJson } from "../support/openapi";
import { endpointAt } from "../support/endpoints";
import { answerOf, callApi, ORIGIN, type RouteFunction } from "../support/http";

const whoamiApi = endpointAt("/api/dashboard/whoami").loader;
const sessionsApi = endpointAt("/api/sessions").loader;
const commitmentDeleteApi = endpointAt("/api/commitments/:id/delete").action;
const commitmentDoneApi = endpointAt("/api/commitments/:id/done").action;
const commitmentUndoneApi = endpointAt("/api/commitments/:id/undone").action;
const commitmentUpdateApi = endpointAt("/api/commitments/:id").action;
const commitmentApi = endpointAt("/api/commitments/:id").loader;
const commitmentAddApi = endpointAt("/api/commitments").action;
const commitmentsApi = endpointAt("/api/commitments").loader;
const goalSetApi = endpointAt("/api/goal").action;
const goalApi = endpointAt("/api/goal").loader;
const goalHistoryApi = endpointAt("/api/goal/history").loader;
const lifeGpsSaveApi = endpointAt("/api/life_gps").action;
const lifeGpsApi = endpointAt("/api/life_gps").loader;
const weatherCheckInApi = endpointAt("/api/weather").action;
const weatherApi = endpointAt("/api/weather").loader;

/** The API as a client calls it: `post` sends a POST without a body. */
const send = (fn: RouteFunction, path: string, token: string | null, options: SendOptions = {}) =>
  callApi(fn, path, token, { ...options, method: options.post || options.json !== undefined ? "POST" : "GET" });
type SendOptions = { json?: unknown; post?: boolean; params?: Record<string, string>; lang?: "fr" | "en" };

async function aModuleId() {
  const [row] = await db().select({ id: trainingModules.id }).from(trainingModules).limit(1);
  return row.id;
}

describe("space API: main goal", () => {
  it("sets, rewords and replaces the goal; the history pages with total and next", async () => {
    const member = await verifiedMember();
    expect((await checkedJson(await send(goalApi, "/api/goal", member.token), "/api/goal", "get")).goal).toBeNull();

    const set = await send(goalSetApi, "/api/goal", member.token, { json: { title: "Courir un semi" } });
    expect(set.status).toBe(200);
    const first = (await checkedJson(set, "/api/goal", "post")).goal;
    expect(first.title).toBe("Courir un semi");

    const reworded = await checkedJson(
      await send(goalSetApi, "/api/goal", member.token, { json: { title: "Courir un semi-marathon" } }),
      "/api/goal",
      "post",
    );
    expect(reworded.goal).toMatchObject({ id: first.id, title: "Courir un semi-marathon" });

    for (const title of ["Changer de métier", "Apprendre le piano", "Écrire un livre"]) {
      await send(goalSetApi, "/api/goal", member.token, { json: { title, intent: "new" } });
    }
    const current = await checkedJson(await send(goalApi, "/api/goal", member.token), "/api/goal", "get");
    expect(current.goal.title).toBe("Écrire un livre");

    const page1 = await checkedJson(
      await send(goalHistoryApi, "/api/goal/history?limit=2", member.token),
      "/api/goal/history",
      "get",
    );
    expect(page1).toMatchObject({ total: 3, page: 1, limit: 2, next: 2 });
    expect(page1.goals.map((g: { title: string }) => g.title)).toEqual(["Apprendre le piano", "Changer de métier"]);
    const page2 = await checkedJson(
      await send(goalHistoryApi, "/api/goal/history?limit=2&page=2", member.token),
      "/api/goal/history",
      "get",
    );
    expect(page2).toMatchObject({ total: 3, page: 2, next: null });
    expect(page2.goals.map((g: { title: string }) => g.title)).toEqual(["Courir un semi-marathon"]);
  });

  it("refuses an empty or too long title with translated messages (422) and keeps the goal", async () => {
    const member = await verifiedMember();
    await send(goalSetApi, "/api/goal", member.token, { json: { title: "Courir" } });
    const empty = await send(goalSetApi, "/api/goal", member.token, { json: { title: "  " } });
    expect(empty.status).toBe(422);
    expect((await checkedJson(empty, "/api/goal", "post")).errors.title).toEqual(["Veuillez écrire votre objectif."]);
    const long = await send(goalSetApi, "/api/goal", member.token, { json: { title: "x".repeat(201) }, lang: "en" });
    expect(long.status).toBe(422);
    expect((await checkedJson(long, "/api/goal", "post")).errors.title).toEqual(["This text is too long."]);
    const notJson = await answerOf(
      goalSetApi({
        request: new Request(new URL("/api/goal", ORIGIN), {
          method: "POST",
          body: "title=x",
          headers: { Authorization: `Bearer ${member.token}`, "Content-Type": "application/json" },
        }),
        params: {},
        context: {},
      }),
    );
    expect(notJson.status).toBe(400);
    await checkedJson(notJson, "/api/goal", "post");
    expect((await checkedJson(await send(goalApi, "/api/goal", member.token), "/api/goal", "get")).goal.title).toBe(
      "Courir",
    );
  });
});

describe("space API: commitments", () => {
  it("adds, reads, updates, marks done and undone, and deletes a commitment", async () => {
    const member = await verifiedMember();
    const moduleId = await aModuleId();
    const added = await send(commitmentAddApi, "/api/commitments", member.token, {
      json: { title: "Appeler ma sœur", due_date: "2030-05-04", module_id: moduleId },
    });
    expect(added.status).toBe(201);
    const { commitment } = await checkedJson(added, "/api/commitments", "post");
    expect(commitment).toMatchObject({
      title: "Appeler ma sœur",
      due_date: "2030-05-04",
      module_id: moduleId,
      done: false,
    });
    const path = `/api/commitments/${commitment.id}`;
    const params = { id: commitment.id };

    const read = await checkedJson(
      await send(commitmentApi, path, member.token, { params }),
      "/api/commitments/{id}",
      "get",
    );
    expect(read.commitment.id).toBe(commitment.id);

    const updated = await checkedJson(
      await send(commitmentUpdateApi, path, member.token, {
        params,
        json: { title: "Appeler mon frère", due_date: null },
      }),
      "/api/commitments/{id}",
      "post",
    );
    expect(updated.commitment).toMatchObject({ title: "Appeler mon frère", due_date: null, module_id: null });

    const done = await checkedJson(
      await send(commitmentDoneApi, `${path}/done`, member.token, { params, post: true }),
      "/api/commitments/{id}/done",
      "post",
    );
    expect(done.commitment.done).toBe(true);
    expect(done.commitment.done_at).not.toBeNull();
    const undone = await checkedJson(
      await send(commitmentUndoneApi, `${path}/undone`, member.token, { params, post: true }),
      "/api/commitments/{id}/undone",
      "post",
    );
    expect(undone.commitment).toMatchObject({ done: false, done_at: null });

    const list = await checkedJson(
      await send(commitmentsApi, "/api/commitments", member.token),
      "/api/commitments",
      "get",
    );
    expect(list).toMatchObject({ total: 1, page: 1, limit: 20, next: null });

    const deleted = await send(commitmentDeleteApi, `${path}/delete`, member.token, { params, post: true });
    expect(deleted.status).toBe(200);
    await checkedJson(deleted, "/api/commitments/{id}/delete", "post");
    expect(await db().select().from(commitments)).toHaveLength(0);
    const gone = await send(commitmentApi, path, member.token, { params });
    expect(gone.status).toBe(404);
    await checkedJson(gone, "/api/commitments/{id}", "get");
  });

  it("IDOR: another member cannot read, update, mark done or delete it (404, nothing changes)", async () => {
    const alice = await verifiedMember({ email: "alice@example.com" });
    const bob = await verifiedMember({ email: "bob@example.com" });
    const { commitment } = await checkedJson(
      await send(commitmentAddApi, "/api/commitments", alice.token, { json: { title: "Secret d’Alice" } }),
      "/api/commitments",
      "post",
    );
    const params = { id: commitment.id };
    const path = `/api/commitments/${commitment.id}`;
    const attempts: [RouteFunction, string, string, "get" | "post", unknown][] = [
      [commitmentApi, path, "/api/commitments/{id}", "get", undefined],
      [commitmentUpdateApi, path, "/api/commitments/{id}", "post", { title: "Volé" }],
      [commitmentDoneApi, `${path}/done`, "/api/commitments/{id}/done", "post", undefined],
      [commitmentUndoneApi, `${path}/undone`, "/api/commitments/{id}/undone", "post", undefined],
      [commitmentDeleteApi, `${path}/delete`, "/api/commitments/{id}/delete", "post", undefined],
    ];
    for (const [fn, url, documented, method, json] of attempts) {
      const answer = await send(fn, url, bob.token, { params, json, post: method === "post", lang: "en" });
      expect(answer.status, url).toBe(404);
      expect((await checkedJson(answer, documented, method)).errors.base).toEqual(["This commitment does not exist."]);
    }
    const bobs = await checkedJson(
      await send(commitmentsApi, "/api/commitments", bob.token),
      "/api/commitments",
      "get",
    );
    expect(bobs).toMatchObject({ commitments: [], total: 0 });
    const [row] = await db().select().from(commitments);
    expect(row).toMatchObject({ title: "Secret d’Alice", doneAt: null, memberId: alice.memberId });
  });

  it("refuses bad bodies with translated messages by field (422), and a module that does not exist", async () => {
    const member = await verifiedMember();
    const refused = await send(commitmentAddApi, "/api/commitments", member.token, {
      json: { title: "", due_date: "2026-02-31", module_id: "not-a-uuid" },
      lang: "en",
    });
    expect(refused.status).toBe(422);
    const body = await checkedJson(refused, "/api/commitments", "post");
    expect(body.errors.title).toEqual(["Please write your commitment."]);
    expect(body.errors.due_date).toEqual(["This date is not valid."]);
    expect(body.errors.module_id).toEqual(["This module does not exist."]);

    const unknownModule = await send(commitmentAddApi, "/api/commitments", member.token, {
      json: { title: "Finir le module", module_id: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknownModule.status).toBe(422);
    expect((await checkedJson(unknownModule, "/api/commitments", "post")).errors.module_id).toEqual([
      "Ce module n’existe pas.",
    ]);
    expect(await db().select().from(commitments)).toHaveLength(0);

    const badId = await send(commitmentApi, "/api/commitments/zzz", member.token, { params: { id: "zzz" } });
    expect(badId.status).toBe(404);
    await checkedJson(badId, "/api/commitments/{id}", "get");
  });

  it("bounds page and limit: a bad one is 422, a page past the end an empty list", async () => {
    const member = await verifiedMember();
    await db()
      .insert(commitments)
      .values(Array.from({ length: 3 }, (_, i) => ({ memberId: member.memberId, title: `Engagement ${i + 1}` })));
    for (const query of ["page=0", "page=-1", "page=abc", "page=10001", "limit=0", "limit=51", "limit=1.5"]) {
      const answer = await send(commitmentsApi, `/api/commitments?${query}`, member.token, { lang: "en" });
      expect(answer.status, query).toBe(422);
      const body = await checkedJson(answer, "/api/commitments", "get");
      const field = query.split("=")[0];
      expect(body.errors[field], query).toEqual([
        field === "page" ? "The page number goes from 1 to 10000." : "A page holds 1 to 50 items.",
      ]);
    }
    const past = await checkedJson(
      await send(commitmentsApi, "/api/commitments?page=99&limit=2", member.token),
      "/api/commitments",
      "get",
    );
    expect(past).toMatchObject({ commitments: [], total: 3, page: 99, next: null });
    const first = await checkedJson(
      await send(commitmentsApi, "/api/commitments?limit=2", member.token),
      "/api/commitments",
      "get",
    );
    expect(first).toMatchObject({ total: 3, next: 2 });
    expect(first.commitments).toHaveLength(2);
  });
});

describe("space API: weather and life GPS", () => {
  it("checks in today (again: it changes) and answers the last seven days", async () => {
    const member = await verifiedMember();
    const before = await checkedJson(await send(weatherApi, "/api/weather", member.token), "/api/weather", "get");
    expect(before).toMatchObject({ today: today("Europe/Paris"), mood: null });
    expect(before.days).toHaveLength(7);
    await send(weatherCheckInApi, "/api/weather", member.token, { json: { mood: "not_top" } });
    const after = await checkedJson(
      await send(weatherCheckInApi, "/api/weather", member.token, { json: { mood: "top" } }),
      "/api/weather",
      "post",
    );
    expect(after.mood).toBe("top");
    expect(after.days.at(-1)).toEqual({ day: after.today, mood: "top" });
    const refused = await send(weatherCheckInApi, "/api/weather", member.token, { json: { mood: "sunny" } });
    expect(refused.status).toBe(422);
    expect((await checkedJson(refused, "/api/weather", "post")).errors.mood).toEqual(["Choisissez top ou pas top."]);
  });

  it("saves a life-GPS filling and lists them newest first; a score out of range is 422", async () => {
    const member = await verifiedMember();
    const other = await verifiedMember({ email: "other@example.com" });
    const areas = ["sante", "travail", "relations", "finances", "loisirs", "developpement"];
    const filling = (score: number) =>
      Object.fromEntries(
        areas.flatMap((area) => [
          [`${area}_score`, score],
          [`${area}_note`, `note ${area}`],
        ]),
      );
    const saved = await send(lifeGpsSaveApi, "/api/life_gps", member.token, { json: filling(6) });
    expect(saved.status).toBe(201);
    expect((await checkedJson(saved, "/api/life_gps", "post")).entry.ratings.sante).toEqual({
      score: 6,
      note: "note sante",
    });
    await send(lifeGpsSaveApi, "/api/life_gps", member.token, { json: filling(8) });

    const list = await checkedJson(await send(lifeGpsApi, "/api/life_gps", member.token), "/api/life_gps", "get");
    expect(list).toMatchObject({ total: 2, next: null });
    expect(list.entries[0].ratings.travail.score).toBe(8);
    expect(
      (await checkedJson(await send(lifeGpsApi, "/api/life_gps", other.token), "/api/life_gps", "get")).total,
    ).toBe(0);

    const refused = await send(lifeGpsSaveApi, "/api/life_gps", member.token, {
      json: { ...filling(5), sante_score: 11 },
      lang: "en",
    });
    expect(refused.status).toBe(422);
    expect((await checkedJson(refused, "/api/life_gps", "post")).errors.sante_score).toEqual([
      "The score goes from 0 to 10.",
    ]);
  });
});

describe("space API: members only", () => {
  it("answers 401 without a session and 403 before the address is verified, on every endpoint", async () => {
    const unverified = await registerMember({ email: "new@example.com" });
    const id = "00000000-0000-4000-8000-000000000000";
    const endpoints: [RouteFunction, string, string, "get" | "post", unknown][] = [
      [goalApi, "/api/goal", "/api/goal", "get", undefined],
      [goalSetApi, "/api/goal", "/api/goal", "post", { title: "x" }],
      [goalHistoryApi, "/api/goal/history", "/api/goal/history", "get", undefined],
      [commitmentsApi, "/api/commitments", "/api/commitments", "get", undefined],
      [commitmentAddApi, "/api/commitments", "/api/commitments", "post", { title: "x" }],
      [commitmentApi, `/api/commitments/${id}`, "/api/commitments/{id}", "get", undefined],
      [commitmentUpdateApi, `/api/commitments/${id}`, "/api/commitments/{id}", "post", { title: "x" }],
      [commitmentDoneApi, `/api/commitments/${id}/done`, "/api/commitments/{id}/done", "post", undefined],
      [commitmentUndoneApi, `/api/commitments/${id}/undone`, "/api/commitments/{id}/undone", "post", undefined],
      [commitmentDeleteApi, `/api/commitments/${id}/delete`, "/api/commitments/{id}/delete", "post", undefined],
      [weatherApi, "/api/weather", "/api/weather", "get", undefined],
      [weatherCheckInApi, "/api/weather", "/api/weather", "post", { mood: "top" }],
      [lifeGpsApi, "/api/life_gps", "/api/life_gps", "get", undefined],
      [lifeGpsSaveApi, "/api/life_gps", "/api/life_gps", "post", {}],
    ];
    for (const [fn, url, documented, method, json] of endpoints) {
      const post = method === "post";
      const anonymous = await send(fn, url, null, { json, post, params: { id } });
      expect(anonymous.status, `${method} ${url}`).toBe(401);
      await checkedJson(anonymous, documented, method);
      const forbidden = await send(fn, url, unverified.token, { json, post, params: { id } });
      expect(forbidden.status, `${method} ${url}`).toBe(403);
      await checkedJson(forbidden, documented, method);
    }
  });
});

describe("whoami", () => {
  // SPEC §3's client takes flowId "from the provider id", ory.id: user.flowId names that same
  // value, this session's id (the one GET /api/sessions marks current), not the identity's.
  it("carries the user's flowId: ory.id, this session's id, apart from the identity's id", async () => {
    const member = await verifiedMember();
    const body = await checkedJson(
      await send(whoamiApi, "/api/dashboard/whoami", member.token),
      "/api/dashboard/whoami",
      "get",
    );
    expect(body.user.flowId).toBe(body.ory.id);
    expect(body.ory.id).not.toBe(member.identityId);
    expect(body.ory.identity.id).toBe(member.identityId);
    expect(body.user.identity_id).toBe(member.identityId);
    expect(body.user.id).toBe(member.memberId);
    const devices = await checkedJson(await send(sessionsApi, "/api/sessions", member.token), "/api/sessions", "get");
    expect(devices.sessions.find((session: { current: boolean }) => session.current).id).toBe(body.ory.id);
  });
});
