import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openApiDocument } from "~/.server/api/openapi.server";
import { db } from "~/.server/db/client.server";
import { appUsers, auditEvents, securityEvents } from "~/.server/db/schema.server";
import { identity } from "~/.server/identity/identity-service.server";
import { grantRole } from "~/.server/coaching/coaches/role-changes.server";
import { stepAt, totpCode } from "~/.server/secrets/totp.server";
import { endpoints } from "~/api/endpoints";
import { action as memberAction, loader as memberLoader } from "~/routes/_default.admin.members.$id/route";
import { loader as commitmentsLoader } from "~/routes/_default.my_commitments/route";
import { action as twoFactorAction } from "~/routes/_default.profile_.two-factor/route";
import { action as loginAction } from "~/routes/_main.home.login";
import { mailsTo, PASSWORD, type TestMember, verifiedMember } from "../support/accounts";
import { coachMember } from "../support/coaches";
import { endpointAt } from "../support/endpoints";
import { buildRequest, callApi, callWith, dataOf, headerOf, type RouteFunction, statusOf } from "../support/http";
import { sessionCount } from "../support/identity-backend";
import { checkedJson } from "../support/openapi";
import { adminMember } from "../support/roles";

/**
 * Issue 25 item 5, the operator's side: a member who lost both their authenticator app and their
 * recovery codes is let back in by an admin, who says how they checked who asked. The pairing and
 * the codes go, every session of the member ends, the change is audited with its reason and the
 * member is told by mail. Only admins (a plain member and a coach get the 404 of an unknown path).
 */
const context = { clientIp: "203.0.113.77" };
const STEP_MS = 30_000;
const REASON = "Called back on the phone number of the account; ID card checked over video.";
const NOTICE_SUBJECT = "Validation en deux étapes désactivée sur votre compte Cap";

// The clock stands still at the start of a 30-second step: the app's code never changes under a test.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: (stepAt(Date.now()) + 1) * STEP_MS + 1_000 });
});

afterEach(() => {
  vi.useRealTimers();
});

/** A member who turned two-step sign-in on from their profile (the app's first code). */
async function memberWithTwoFactor(email = "marie@example.com"): Promise<TestMember> {
  const member = await verifiedMember({ email });
  const post = (form: Record<string, string>) =>
    callWith(twoFactorAction, buildRequest("/profile/two-factor", { form, cookie: member.cookie }), { context });
  const started = await dataOf<{ pairing?: { flowId: string; secret: string } }>(
    await post({ intent: "start", currentPassword: PASSWORD }),
  );
  if (!started.pairing) throw new Error("setup refused");
  const { flowId, secret } = started.pairing;
  const confirmed = await dataOf<{ recoveryCodes?: string[] }>(
    await post({ intent: "confirm", flowId, secret, code: totpCode(secret) }),
  );
  if (!confirmed.recoveryCodes) throw new Error("confirmation refused");
  return member;
}

const postMember = (id: string, cookie: string, form: Record<string, string>) =>
  callWith(memberAction, buildRequest(`/admin/members/${id}`, { form, cookie }), { params: { id }, context });

const removal = (form: Record<string, string> = {}) => ({
  intent: "removeTwoFactor",
  reason: REASON,
  confirm: "yes",
  ...form,
});

const removeApi = endpointAt("/api/admin/members/:id/two-factor/remove").action as RouteFunction;
const API_PATH = "/api/admin/members/{id}/two-factor/remove";

const sendApi = (id: string, token: string, json: unknown) =>
  callApi(removeApi, `/api/admin/members/${id}/two-factor/remove`, token, { json, params: { id }, context });

async function twoFactorSince(member: TestMember) {
  const [row] = await db()
    .select({ since: appUsers.twoFactorSince })
    .from(appUsers)
    .where(eq(appUsers.id, member.memberId));
  return row.since;
}

const removals = () => db().select().from(auditEvents).where(eq(auditEvents.action, "account.twoFactorRemoved"));

const disabledEvents = (member: TestMember) =>
  db()
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.memberId, member.memberId), eq(securityEvents.kind, "twoFactor.disabled")));

const notices = async (member: TestMember) =>
  (await mailsTo(member.email)).filter((mail) => mail.subject === NOTICE_SUBJECT);

function signIn(member: TestMember) {
  const form = { email: member.email, password: PASSWORD, redirectAfter: "/my_commitments" };
  return callWith(loginAction, buildRequest("/home/login", { form }), { context });
}

/** Everything a refused removal must leave as it was. */
async function unchanged(member: TestMember, sessions: number) {
  expect(await twoFactorSince(member)).not.toBeNull();
  expect(await identity().recoveryCodesLeft(member.token, member.identityId)).toBeGreaterThan(0);
  expect(await sessionCount(member.identityId)).toBe(sessions);
  expect(await removals()).toEqual([]);
  expect(await disabledEvents(member)).toEqual([]);
  // Still asked for the second factor after the password.
  expect(headerOf(await signIn(member), "Location")).toMatch(/^\/home\/login\/second-factor/);
}

describe("an admin turns off a member's two-step sign-in", () => {
  it("from the member's page: the password alone signs in, every session ended, audited with the reason, the member mailed", async () => {
    const boss = await adminMember();
    const marie = await memberWithTwoFactor();
    // A second device of Marie's, past the password (a thief who has it, maybe): it ends too.
    expect(headerOf(await signIn(marie), "Location")).toMatch(/^\/home\/login\/second-factor/);
    expect(await sessionCount(marie.identityId)).toBe(2);

    type Page = { member: { twoFactorSince: string | null } };
    const before = await dataOf<Page>(
      await callWith(memberLoader, buildRequest(`/admin/members/${marie.memberId}`, { cookie: boss.cookie }), {
        params: { id: marie.memberId },
      }),
    );
    expect(before.member.twoFactorSince).toEqual(expect.any(String));

    const done = await postMember(marie.memberId, boss.cookie, removal());
    expect(statusOf(done)).toBe(303);
    expect(headerOf(done, "Location")).toBe(`/admin/members/${marie.memberId}?saved=twoFactorRemoved`);

    expect(await twoFactorSince(marie)).toBeNull();
    expect(await identity().recoveryCodesLeft(marie.token, marie.identityId)).toBe(0);
    expect(await sessionCount(marie.identityId)).toBe(0);
    const oldDevice = await callWith(commitmentsLoader, buildRequest("/my_commitments", { cookie: marie.cookie }));
    // The guard sends a visitor without a live session home (SPEC §4).
    expect(headerOf(oldDevice, "Location")).toBe("/home");
    // The admin's own session goes on.
    expect(await sessionCount(boss.identityId)).toBe(1);

    const back = await signIn(marie);
    expect(headerOf(back, "Location")).toBe("/my_commitments");

    const [entry] = await removals();
    expect(entry).toMatchObject({
      actorId: boss.memberId,
      subjectId: marie.memberId,
      before: { twoFactorSince: expect.any(String), devices: 2 },
      after: { twoFactorSince: null, devices: 0, reason: REASON },
    });
    expect(await disabledEvents(marie)).toHaveLength(1);
    expect(await notices(marie)).toHaveLength(1);

    const after = await dataOf<Page>(
      await callWith(memberLoader, buildRequest(`/admin/members/${marie.memberId}`, { cookie: boss.cookie }), {
        params: { id: marie.memberId },
      }),
    );
    expect(after.member.twoFactorSince).toBeNull();
  });

  it("through the API, described in the document: the member answered with two-step sign-in off", async () => {
    const document = openApiDocument(endpoints) as { paths: Record<string, Record<string, { tags: string[] }>> };
    expect(document.paths[API_PATH]?.post?.tags).toEqual(["admin"]);
    const boss = await adminMember();
    const marie = await memberWithTwoFactor();
    const answer = await sendApi(marie.memberId, boss.token, { reason: REASON });
    expect(answer.status).toBe(200);
    const body = await checkedJson(answer, API_PATH, "post");
    expect(body.member).toMatchObject({ id: marie.memberId, two_factor_since: null, devices: 0 });
    expect(headerOf(await signIn(marie), "Location")).toBe("/my_commitments");
    expect(await removals()).toHaveLength(1);
    expect(await notices(marie)).toHaveLength(1);
  });
});

describe("who may turn it off", () => {
  it("a plain member and a coach get 404 from the page's action and the API; nothing changes", async () => {
    await adminMember();
    const marie = await memberWithTwoFactor();
    const plain = await verifiedMember({ email: "plain@example.com" });
    const coach = await coachMember({ email: "coach@example.com" });
    for (const visitor of [plain, coach]) {
      expect(statusOf(await postMember(marie.memberId, visitor.cookie, removal()))).toBe(404);
      const api = await sendApi(marie.memberId, visitor.token, { reason: REASON });
      expect(api.status).toBe(404);
      await checkedJson(api, API_PATH, "post");
    }
    await unchanged(marie, 1);
  });

  it("an admin's own is turned off from their profile, with the password: 409 here", async () => {
    const boss = await memberWithTwoFactor("ada@example.com");
    await grantRole({ memberId: null }, boss.memberId, "admin");
    const page = await postMember(boss.memberId, boss.cookie, removal());
    expect(statusOf(page)).toBe(409);
    const api = await sendApi(boss.memberId, boss.token, { reason: REASON });
    expect(api.status).toBe(409);
    await checkedJson(api, API_PATH, "post");
    await unchanged(boss, 1);
  });
});

describe("what the operator must give", () => {
  it("a reason (1 to 500 characters) and the ticked confirmation, else a message under the field and nothing changes", async () => {
    const boss = await adminMember();
    const marie = await memberWithTwoFactor();
    type Reply = { error?: Record<string, string[] | null> };
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ reason: "" }, "reason", "admin:twoFactor.errors.reasonRequired"],
      [{ reason: "   " }, "reason", "admin:twoFactor.errors.reasonRequired"],
      [{ reason: "x".repeat(501) }, "reason", "admin:twoFactor.errors.reasonTooLong"],
      [{ confirm: "" }, "confirm", "admin:twoFactor.errors.confirmRequired"],
    ];
    for (const [change, field, message] of cases) {
      const refused = await postMember(marie.memberId, boss.cookie, removal(change));
      expect(statusOf(refused), JSON.stringify(change)).toBe(400);
      expect((await dataOf<Reply>(refused)).error?.[field]).toEqual([message]);
    }
    for (const json of [{}, { reason: "" }, { reason: "x".repeat(501) }, { reason: 42 }]) {
      const refused = await sendApi(marie.memberId, boss.token, json);
      expect(refused.status, JSON.stringify(json)).toBe(422);
      const body = await checkedJson(refused, API_PATH, "post");
      expect(body.errors.reason, JSON.stringify(json)).toHaveLength(1);
    }
    await unchanged(marie, 1);
    // 500 characters are enough.
    expect(statusOf(await postMember(marie.memberId, boss.cookie, removal({ reason: "x".repeat(500) })))).toBe(303);
  });
});

describe("a member whose two-step sign-in is off", () => {
  it("is refused with 409 and a clear message, page and API; no session ends, nothing is audited or mailed", async () => {
    const boss = await adminMember();
    const paul = await verifiedMember({ email: "paul@example.com" });
    const mails = (await mailsTo(paul.email)).length;
    const page = await postMember(paul.memberId, boss.cookie, removal());
    expect(statusOf(page)).toBe(409);
    expect((await dataOf<{ error?: Record<string, string[] | null> }>(page)).error?.[""]).toEqual([
      "twoFactor.errors.off",
    ]);
    const api = await sendApi(paul.memberId, boss.token, { reason: REASON });
    expect(api.status).toBe(409);
    await checkedJson(api, API_PATH, "post");
    expect(await sessionCount(paul.identityId)).toBe(1);
    expect(await removals()).toEqual([]);
    expect(await disabledEvents(paul)).toEqual([]);
    expect(await mailsTo(paul.email)).toHaveLength(mails);
  });

  it("two admins at once: one turns it off, the other is told it is off already; one audit entry, one notice", async () => {
    const boss = await adminMember();
    const other = await verifiedMember({ email: "grace@example.com" });
    await grantRole({ memberId: null }, other.memberId, "admin");
    const marie = await memberWithTwoFactor();
    const answers = await Promise.all([
      postMember(marie.memberId, boss.cookie, removal()),
      postMember(marie.memberId, other.cookie, removal()),
    ]);
    expect(answers.map(statusOf).sort()).toEqual([303, 409]);
    expect(await removals()).toHaveLength(1);
    expect(await disabledEvents(marie)).toHaveLength(1);
    expect(await notices(marie)).toHaveLength(1);
  });

  it("an unknown member is a 404", async () => {
    const boss = await adminMember();
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(statusOf(await postMember(unknown, boss.cookie, removal()))).toBe(404);
    expect(statusOf(await postMember("not-a-uuid", boss.cookie, removal()))).toBe(404);
    const api = await sendApi(unknown, boss.token, { reason: REASON });
    expect(api.status).toBe(404);
    await checkedJson(api, API_PATH, "post");
  });
});
