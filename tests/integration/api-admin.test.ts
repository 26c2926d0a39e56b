import { describe, expect, it } from "vitest";
import { openApiDocument } from "~/.server/api/openapi.server";
import { identity } from "~/.server/identity/identity-service.server";
import { rolesOf } from "~/.server/roles/roles.server";
import { endpoints } from "~/api/endpoints";
import { registerMember, verifiedMember } from "../support/accounts";
import { coachMember } from "../support/coaches";
import { endpointAt } from "../support/endpoints";
import { checkedJson } from "../support/openapi";
import { callApi, type RouteFunction } from "../support/http";
import { adminMember } from "../support/roles";

/**
 * Issue 24 item 13, the admin tag: the members and audit operations of the back office, bearer
 * authenticated, for admins only (a member or a coach gets the 404 of an unknown path), every answer
 * checked against /api/openapi.json, bad input 422 — through the services the pages use.
 */

const send = (
  fn: RouteFunction,
  path: string,
  token: string | null,
  json?: unknown,
  params: Record<string, string> = {},
) => callApi(fn, path, token, { json, params });

const list = endpointAt("/api/admin/members").loader;
const one = endpointAt("/api/admin/members/:id").loader;
const roles = endpointAt("/api/admin/members/:id/roles").action;
const trainings = endpointAt("/api/admin/members/:id/trainings").action;
const state = endpointAt("/api/admin/members/:id/state").action;
const signOut = endpointAt("/api/admin/members/:id/sign-out").action;
const audit = endpointAt("/api/admin/audit").loader;
const verification = endpointAt("/api/admin/members/:id/verification").action;
const remove = endpointAt("/api/admin/members/:id/delete").action;

describe("the admin API", () => {
  it("is tagged admin in the document, with its operations", () => {
    const document = openApiDocument(endpoints) as { paths: Record<string, Record<string, { tags: string[] }>> };
    for (const [path, method] of [
      ["/api/admin/members", "get"],
      ["/api/admin/members/{id}", "get"],
      ["/api/admin/members/{id}/roles", "post"],
      ["/api/admin/members/{id}/trainings", "post"],
      ["/api/admin/members/{id}/state", "post"],
      ["/api/admin/members/{id}/sign-out", "post"],
      ["/api/admin/audit", "get"],
      ["/api/admin/members/{id}/verification", "post"],
      ["/api/admin/members/{id}/delete", "post"],
    ]) {
      expect(document.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(["admin"]);
    }
  });

  it("refuses a visitor (401), and a plain member and a coach with 404; nothing changes", async () => {
    await adminMember();
    const plain = await verifiedMember({ email: "plain@example.com" });
    const coach = await coachMember({ email: "coach@example.com" });
    expect((await send(list, "/api/admin/members", null)).status).toBe(401);
    for (const visitor of [plain, coach]) {
      const id = { id: visitor.memberId };
      const calls: Array<[RouteFunction, string, unknown, Record<string, string>, string, "get" | "post"]> = [
        [list, "/api/admin/members", undefined, {}, "/api/admin/members", "get"],
        [one, `/api/admin/members/${visitor.memberId}`, undefined, id, "/api/admin/members/{id}", "get"],
        [
          roles,
          "/api/admin/members/x/roles",
          { role: "admin", change: "grant" },
          id,
          "/api/admin/members/{id}/roles",
          "post",
        ],
        [
          trainings,
          "/api/admin/members/x/trainings",
          { training: "t", change: "grant" },
          id,
          "/api/admin/members/{id}/trainings",
          "post",
        ],
        [state, "/api/admin/members/x/state", { state: "inactive" }, id, "/api/admin/members/{id}/state", "post"],
        [signOut, "/api/admin/members/x/sign-out", {}, id, "/api/admin/members/{id}/sign-out", "post"],
        [audit, "/api/admin/audit", undefined, {}, "/api/admin/audit", "get"],
        [verification, "/api/admin/members/x/verification", {}, id, "/api/admin/members/{id}/verification", "post"],
        [remove, "/api/admin/members/x/delete", {}, id, "/api/admin/members/{id}/delete", "post"],
      ];
      for (const [fn, path, json, params, documented, method] of calls) {
        const answer = await send(fn, path, visitor.token, json, params);
        expect(answer.status, path).toBe(404);
        await checkedJson(answer, documented, method);
      }
      expect(await rolesOf(visitor.memberId)).not.toContain("admin");
      expect((await identity().find(visitor.identityId))?.state).toBe("active");
    }
  });

  it("lists and searches members a page at a time; a bad page, limit or search is 422", async () => {
    const boss = await adminMember();
    await verifiedMember({ email: "irene.joliot@example.com", first: { firstName: "Irène", lastName: "Joliot" } });
    const all = await checkedJson(
      await send(list, "/api/admin/members?limit=1", boss.token),
      "/api/admin/members",
      "get",
    );
    expect(all).toMatchObject({ total: 2, page: 1, limit: 1, next: 2 });
    expect(all.members[0]).toMatchObject({ email: "irene.joliot@example.com", name: "Irène Joliot", roles: [] });
    const byName = await checkedJson(
      await send(list, "/api/admin/members?q=lovel", boss.token),
      "/api/admin/members",
      "get",
    );
    expect(byName.members.map((member: { id: string }) => member.id)).toEqual([boss.memberId]);
    const past = await checkedJson(
      await send(list, "/api/admin/members?page=9", boss.token),
      "/api/admin/members",
      "get",
    );
    expect(past).toMatchObject({ members: [], total: 2, page: 9, next: null });
    for (const query of ["page=0", "limit=51", "limit=x", `q=${"a".repeat(201)}`]) {
      const refused = await send(list, `/api/admin/members?${query}`, boss.token);
      expect(refused.status, query).toBe(422);
      await checkedJson(refused, "/api/admin/members", "get");
    }
  });

  it("reads a member, changes roles, trainings and state, signs them out — each audited, read back in the audit API", async () => {
    const boss = await adminMember();
    const marie = await verifiedMember({ email: "marie@example.com" });
    const id = { id: marie.memberId };
    const path = `/api/admin/members/${marie.memberId}`;
    const read = await checkedJson(await send(one, path, boss.token, undefined, id), "/api/admin/members/{id}", "get");
    expect(read.member).toMatchObject({
      id: marie.memberId,
      email: "marie@example.com",
      state: "active",
      verified: true,
    });
    expect(read.member.sessions).toEqual({ upcoming: [], past: [], past_total: 0 });

    const granted = await send(roles, `${path}/roles`, boss.token, { role: "coach", change: "grant" }, id);
    expect(granted.status).toBe(200);
    expect((await checkedJson(granted, "/api/admin/members/{id}/roles", "post")).member.roles).toEqual(["coach"]);

    const payable = read.member.trainings.find((training: { payable: boolean }) => training.payable);
    const opened = await send(
      trainings,
      `${path}/trainings`,
      boss.token,
      { training: payable.slug, change: "grant" },
      id,
    );
    const openedBody = await checkedJson(opened, "/api/admin/members/{id}/trainings", "post");
    expect(openedBody.member.trainings.find((t: { slug: string }) => t.slug === payable.slug).state).not.toBe("locked");

    const disabled = await send(state, `${path}/state`, boss.token, { state: "inactive" }, id);
    expect((await checkedJson(disabled, "/api/admin/members/{id}/state", "post")).member.state).toBe("inactive");
    const enabled = await send(state, `${path}/state`, boss.token, { state: "active" }, id);
    expect((await checkedJson(enabled, "/api/admin/members/{id}/state", "post")).member.state).toBe("active");

    const out = await send(signOut, `${path}/sign-out`, boss.token, {}, id);
    expect(await checkedJson(out, "/api/admin/members/{id}/sign-out", "post")).toEqual({ success: true });
    expect(await identity().countSessions(marie.identityId)).toBe(0);

    const log = await checkedJson(
      await send(audit, `/api/admin/audit?member=${marie.memberId}`, boss.token),
      "/api/admin/audit",
      "get",
    );
    expect(log.entries.map((entry: { action: string }) => entry.action)).toEqual([
      "account.signedOutEverywhere",
      "account.enabled",
      "account.disabled",
      "training.granted",
      "role.granted",
      "account.viewed",
    ]);
    expect(log.entries[0]).toMatchObject({
      actor: { id: boss.memberId, name: "Ada Lovelace" },
      subject: { id: marie.memberId },
    });
    expect(log.entries[4]).toMatchObject({ before: { roles: [] }, after: { roles: ["coach"] } });
    const byPerson = await checkedJson(
      await send(audit, "/api/admin/audit?person=lovelace&limit=2", boss.token),
      "/api/admin/audit",
      "get",
    );
    // Ada did six of them (her reading of the file first), and underwent one (her admin role, from the command line).
    expect(byPerson).toMatchObject({ total: 7, limit: 2, next: 2 });
    const nobody = await checkedJson(
      await send(audit, "/api/admin/audit?person=nobody", boss.token),
      "/api/admin/audit",
      "get",
    );
    expect(nobody).toMatchObject({ entries: [], total: 0 });
  });

  it("bad bodies are 422, refusals of the service keep their status (404, 409), nothing changes", async () => {
    const boss = await adminMember();
    const marie = await registerMember({ email: "marie@example.com" });
    const id = { id: marie.memberId };
    const path = `/api/admin/members/${marie.memberId}`;
    const bad: Array<[RouteFunction, string, unknown, string]> = [
      [roles, `${path}/roles`, { role: "emperor", change: "grant" }, "/api/admin/members/{id}/roles"],
      [roles, `${path}/roles`, { role: "coach", change: "maybe" }, "/api/admin/members/{id}/roles"],
      [
        trainings,
        `${path}/trainings`,
        { training: "x".repeat(201), change: "grant" },
        "/api/admin/members/{id}/trainings",
      ],
      [state, `${path}/state`, { state: "gone" }, "/api/admin/members/{id}/state"],
    ];
    for (const [fn, at, json, documented] of bad) {
      const answer = await send(fn, at, boss.token, json, id);
      expect(answer.status, JSON.stringify(json)).toBe(422);
      await checkedJson(answer, documented, "post");
    }
    const free = await send(trainings, `${path}/trainings`, boss.token, { training: "no-such", change: "grant" }, id);
    expect(free.status).toBe(422);
    await checkedJson(free, "/api/admin/members/{id}/trainings", "post");
    const own = await send(
      state,
      `/api/admin/members/${boss.memberId}/state`,
      boss.token,
      { state: "inactive" },
      { id: boss.memberId },
    );
    expect(own.status).toBe(409);
    await checkedJson(own, "/api/admin/members/{id}/state", "post");
    const last = await send(
      roles,
      `/api/admin/members/${boss.memberId}/roles`,
      boss.token,
      { role: "admin", change: "withdraw" },
      { id: boss.memberId },
    );
    expect(last.status).toBe(409);
    await checkedJson(last, "/api/admin/members/{id}/roles", "post");
    for (const unknown of [crypto.randomUUID(), "not-a-uuid"]) {
      const missing = await send(one, `/api/admin/members/${unknown}`, boss.token, undefined, { id: unknown });
      expect(missing.status).toBe(404);
      await checkedJson(missing, "/api/admin/members/{id}", "get");
      const noOne = await send(signOut, `/api/admin/members/${unknown}/sign-out`, boss.token, {}, { id: unknown });
      expect(noOne.status).toBe(404);
    }
    const tooLong = await send(audit, `/api/admin/audit?person=${"a".repeat(201)}`, boss.token);
    expect(tooLong.status).toBe(422);
    await checkedJson(tooLong, "/api/admin/audit", "get");
    expect(await rolesOf(marie.memberId)).toEqual([]);
    expect(await rolesOf(boss.memberId)).toEqual(["admin"]);
  });

  it("resends a verification code and deletes an account, with the pages' rules and refusals", async () => {
    const boss = await adminMember();
    const newcomer = await registerMember({ email: "newcomer@example.com" });
    const id = { id: newcomer.memberId };
    const path = `/api/admin/members/${newcomer.memberId}`;
    const sent = await send(verification, `${path}/verification`, boss.token, {}, id);
    expect(await checkedJson(sent, "/api/admin/members/{id}/verification", "post")).toEqual({ success: true });
    await send(verification, `${path}/verification`, boss.token, {}, id);
    await send(verification, `${path}/verification`, boss.token, {}, id);
    const limited = await send(verification, `${path}/verification`, boss.token, {}, id);
    expect(limited.status).toBe(429);
    await checkedJson(limited, "/api/admin/members/{id}/verification", "post");
    const verified = await send(
      verification,
      `/api/admin/members/${boss.memberId}/verification`,
      boss.token,
      {},
      {
        id: boss.memberId,
      },
    );
    expect(verified.status).toBe(409);
    await checkedJson(verified, "/api/admin/members/{id}/verification", "post");

    const own = await send(remove, `/api/admin/members/${boss.memberId}/delete`, boss.token, {}, { id: boss.memberId });
    expect(own.status).toBe(409);
    await checkedJson(own, "/api/admin/members/{id}/delete", "post");
    const deleted = await send(remove, `${path}/delete`, boss.token, {}, id);
    expect(await checkedJson(deleted, "/api/admin/members/{id}/delete", "post")).toEqual({ success: true });
    expect(await identity().find(newcomer.identityId)).toBeNull();
    const again = await send(remove, `${path}/delete`, boss.token, {}, id);
    expect(again.status).toBe(404);
    await checkedJson(again, "/api/admin/members/{id}/delete", "post");
    const log = await checkedJson(await send(audit, "/api/admin/audit?limit=1", boss.token), "/api/admin/audit", "get");
    expect(log.entries[0]).toMatchObject({
      action: "member.deleted",
      subject: { id: newcomer.memberId, name: "Marie Curie" },
    });
  });
});
