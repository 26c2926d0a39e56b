import type { LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "~/.server/calendar/days.server";
import { localDay } from "~/.server/calendar/time-zones.server";
import { db } from "~/.server/db/client.server";
import { accessCodes, accessCodeUses, auditEvents, entitlements } from "~/.server/db/schema.server";
import { redeemCode } from "~/.server/trainings/access.server";
import { generateCode } from "~/.server/trainings/access-codes.server";
import { seedContent } from "~/.server/trainings/seed.server";
import CodePage, { action as codeAction, loader as codeLoader } from "~/routes/_default.admin.codes.$code/route";
import { loader as auditLoader } from "~/routes/_default.admin.audit";
import CodesPage, { loader as codesLoader } from "~/routes/_default.admin.codes._index";
import { action as newAction, loader as newLoader } from "~/routes/_default.admin.codes.new";
import { action as trainingsAction } from "~/routes/_default.trainings._index";
import { namedMember, renderPage, verifiedMember } from "../support/accounts";
import { coachMember } from "../support/coaches";
import { endpointAt } from "../support/endpoints";
import { answerOf, buildRequest, callWith, dataOf, getAs, headerOf, statusOf } from "../support/http";
import { checkedJson } from "../support/openapi";
import en from "~/locales/en/admin.json";
import fr from "~/locales/fr/admin.json";
import { adminMember } from "../support/roles";

/**
 * Issue 24 items 9, 10 (access codes), 12 and 13: the operator makes access codes (typed or
 * generated), lists them with their uses, disables and enables them, all audited; members redeem
 * them case-insensitively, never past a disabled, expired or used-up code, one use each, safely
 * when two type the last use at once. Only admins reach any of it.
 */
type Routed = (args: LoaderFunctionArgs) => unknown;

const create = (cookie: string, form: Record<string, string>) =>
  callWith(newAction, buildRequest("/admin/codes/new", { form, cookie }));

const changeState = (cookie: string, code: string, form: Record<string, string>) =>
  callWith(codeAction, buildRequest(`/admin/codes/${code}`, { form, cookie }), { params: { code } });

const redeem = (cookie: string, code: string) =>
  callWith(trainingsAction, buildRequest("/trainings", { form: { code }, cookie }));

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

function api(
  path: string,
  pattern: string,
  token: string,
  options: { json?: unknown; params?: Record<string, string> } = {},
) {
  const found = endpointAt(pattern);
  const request = buildRequest(path, { headers: bearer(token), json: options.json });
  const handler = options.json === undefined ? found.loader : found.action;
  return answerOf(handler({ request, params: options.params ?? {}, context: {} }));
}

const codeRows = () => db().select().from(accessCodes).orderBy(accessCodes.code);
/** The log's access-code entries (granting the roles of the test's people is logged too). */
const auditRows = async () =>
  (await db().select().from(auditEvents).orderBy(auditEvents.id))
    .filter((row) => row.action.startsWith("access_code."))
    .map((row) => ({
      action: row.action,
      actorId: row.actorId,
      subjectId: row.subjectId,
      subjectName: row.subjectName,
      before: row.before,
      after: row.after,
    }));
const hasTraining = async (memberId: string) =>
  (await db().select().from(entitlements).where(eq(entitlements.memberId, memberId))).length > 0;

type Listing = {
  codes: { code: string; uses: number; maxUses: number | null; state: string; note: string | null; training: string }[];
  page: { page: number; pages: number; total: number };
};

describe("creating access codes", () => {
  it("makes a typed code (stored upper-case) and a generated one, both audited", async () => {
    const boss = await adminMember();
    const today = localDay(new Date(), "Europe/Paris");
    const typed = await create(boss.cookie, {
      training: "tenir-le-cap",
      code: "rentree-2026",
      maxUses: "30",
      expiresOn: addDays(today, 10),
      note: "Pour la promo de septembre",
    });
    expect(statusOf(typed)).toBe(303);
    expect(headerOf(typed, "Location")).toBe("/admin/codes/RENTREE-2026?saved=created");
    const generated = await create(boss.cookie, { training: "tenir-le-cap" });
    expect(statusOf(generated)).toBe(303);
    const made = headerOf(generated, "Location")!.match(/^\/admin\/codes\/([^?]+)\?saved=created$/)![1];
    expect(made).toMatch(/^CAP-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/);

    const rows = await codeRows();
    const rentree = rows.find((row) => row.code === "RENTREE-2026")!;
    expect(rentree).toMatchObject({ maxUses: 30, note: "Pour la promo de septembre", createdBy: boss.memberId });
    // The last day works to its end in the admin's zone: it stops at the next local midnight.
    expect(localDay(rentree.expiresAt!, "Europe/Paris")).toBe(addDays(today, 11));
    expect(rows.find((row) => row.code === made)).toMatchObject({ maxUses: null, expiresAt: null, note: null });

    const audit = await auditRows();
    expect(audit.map((entry) => [entry.action, entry.subjectName, entry.actorId, entry.subjectId])).toEqual([
      ["access_code.created", "RENTREE-2026", boss.memberId, null],
      ["access_code.created", made, boss.memberId, null],
    ]);
    expect(audit[0].after).toMatchObject({ training: "tenir-le-cap", maxUses: 30, note: "Pour la promo de septembre" });
  });

  it("generates codes from the unambiguous alphabet, all different", () => {
    const drawn = new Set(Array.from({ length: 500 }, generateCode));
    expect(drawn.size).toBe(500);
    for (const code of drawn) expect(code).toMatch(/^CAP-[^01OIL]{10}$/);
  });

  it("refuses a taken code (whatever its case) and each bad field with its translated message, creating nothing", async () => {
    const boss = await adminMember();
    const today = localDay(new Date(), "Europe/Paris");
    const before = await codeRows();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ training: "tenir-le-cap", code: "cap-equipage" }, "code", "errors.codes.codeTaken"],
      [{ training: "tenir-le-cap", code: "abc" }, "code", "errors.codes.codeLength"],
      [{ training: "tenir-le-cap", code: "x".repeat(33) }, "code", "errors.codes.codeLength"],
      [{ training: "tenir-le-cap", code: "CAP ÉTÉ" }, "code", "errors.codes.codeCharacters"],
      [{ training: "tenir-le-cap", code: "a/../b" }, "code", "errors.codes.codeCharacters"],
      [{ training: "" }, "training", "errors.codes.trainingRequired"],
      [{ training: "capitaine" }, "training", "errors.codes.trainingInvalid"],
      [{ training: "no-such-training" }, "training", "errors.codes.trainingInvalid"],
      [{ training: "x".repeat(201) }, "training", "errors.codes.trainingInvalid"],
      [{ training: "tenir-le-cap", maxUses: "0" }, "maxUses", "errors.codes.usesInvalid"],
      [{ training: "tenir-le-cap", maxUses: "100001" }, "maxUses", "errors.codes.usesInvalid"],
      [{ training: "tenir-le-cap", maxUses: "2.5" }, "maxUses", "errors.codes.usesInvalid"],
      [{ training: "tenir-le-cap", maxUses: "abc" }, "maxUses", "errors.codes.usesInvalid"],
      [{ training: "tenir-le-cap", maxUses: "1e309" }, "maxUses", "errors.codes.usesInvalid"],
      [{ training: "tenir-le-cap", expiresOn: addDays(today, -1) }, "expiresOn", "errors.codes.expiryPast"],
      [{ training: "tenir-le-cap", expiresOn: addDays(today, 5 * 366 + 1) }, "expiresOn", "errors.codes.expiryTooFar"],
      [{ training: "tenir-le-cap", expiresOn: "2026-02-31" }, "expiresOn", "errors.codes.expiryInvalid"],
      [{ training: "tenir-le-cap", expiresOn: "demain" }, "expiresOn", "errors.codes.expiryInvalid"],
      [{ training: "tenir-le-cap", note: "n".repeat(501) }, "note", "errors.codes.noteTooLong"],
    ];
    for (const [form, field, message] of cases) {
      const answer = await create(boss.cookie, form);
      expect(statusOf(answer), JSON.stringify(form)).toBeGreaterThanOrEqual(400);
      expect(statusOf(answer)).toBeLessThan(500);
      const reply = await dataOf<{ error: Record<string, string[]> }>(answer);
      expect(reply.error[field], JSON.stringify(form)).toEqual([message]);
    }
    expect(await codeRows()).toEqual(before);
    expect(await auditRows()).toEqual([]);
  });

  it("offers the payable trainings only", async () => {
    const boss = await adminMember();
    const page = await dataOf<{ trainings: { slug: string }[] }>(
      await getAs(newLoader, "/admin/codes/new", boss.cookie),
    );
    expect(page.trainings.map((training) => training.slug)).toEqual(["tenir-le-cap"]);
  });
});

describe("listing codes and their uses", () => {
  it("lists codes with their use counts and states, active ones or all, and who used a code", async () => {
    const boss = await adminMember();
    await create(boss.cookie, { training: "tenir-le-cap", code: "DUO-2026", maxUses: "2", note: "Deux places" });
    await create(boss.cookie, { training: "tenir-le-cap", code: "OFF-2026" });
    await changeState(boss.cookie, "OFF-2026", { intent: "disable", confirm: "yes" });
    const marie = await namedMember("marie@example.com", "Marie Curie");
    const paul = await namedMember("paul@example.com", "Paul Langevin");
    expect(statusOf(await redeem(marie.cookie, "duo-2026"))).toBe(303);
    expect(statusOf(await redeem(paul.cookie, " Duo-2026 "))).toBe(303);

    const active = await dataOf<Listing>(await getAs(codesLoader, "/admin/codes", boss.cookie));
    expect(active.codes.map((code) => code.code)).toEqual(["CAP-EQUIPAGE"]);
    const all = await dataOf<Listing>(await getAs(codesLoader, "/admin/codes?show=all&page=99999", boss.cookie));
    expect(all.page).toEqual({ page: 1, pages: 1, total: 3 });
    const duo = all.codes.find((code) => code.code === "DUO-2026");
    expect(duo).toMatchObject({ uses: 2, maxUses: 2, state: "usedUp", note: "Deux places" });
    expect(all.codes.find((code) => code.code === "OFF-2026")?.state).toBe("disabled");

    type File = { code: { uses: number; state: string }; uses: { memberId: string; name: string }[] };
    const file = await dataOf<File>(
      await getAs(codeLoader, "/admin/codes/duo-2026", boss.cookie, { code: "duo-2026" }),
    );
    expect(file.code).toMatchObject({ uses: 2, state: "usedUp" });
    expect(file.uses.map((use) => use.name).sort()).toEqual(["Marie Curie", "Paul Langevin"]);
    expect(file.uses.map((use) => use.memberId).sort()).toEqual([marie.memberId, paul.memberId].sort());

    for (const code of ["NOPE-NOPE", "x", "../../etc", "' or 1=1 --"]) {
      expect(statusOf(await getAs(codeLoader, `/admin/codes/${encodeURIComponent(code)}`, boss.cookie, { code }))).toBe(
        404,
      );
      expect(statusOf(await changeState(boss.cookie, code, { intent: "disable", confirm: "yes" }))).toBe(404);
    }
  });
});

describe("disabling and enabling a code", () => {
  it("asks for a confirmation, then disables and enables again, each audited once", async () => {
    const boss = await adminMember();
    const unconfirmed = await changeState(boss.cookie, "CAP-EQUIPAGE", { intent: "disable" });
    expect(statusOf(unconfirmed)).toBe(400);
    expect((await dataOf<{ error: Record<string, string[]> }>(unconfirmed)).error.confirm).toEqual([
      "errors.codes.confirmRequired",
    ]);
    expect(statusOf(await changeState(boss.cookie, "CAP-EQUIPAGE", { intent: "explode", confirm: "yes" }))).toBe(400);
    expect((await codeRows())[0].disabledAt).toBeNull();

    const disabled = await changeState(boss.cookie, "cap-equipage", { intent: "disable", confirm: "yes" });
    expect(headerOf(disabled, "Location")).toBe("/admin/codes/CAP-EQUIPAGE?saved=disabled");
    expect((await codeRows())[0].disabledAt).not.toBeNull();
    // Twice changes nothing more.
    await changeState(boss.cookie, "CAP-EQUIPAGE", { intent: "disable", confirm: "yes" });
    const enabled = await changeState(boss.cookie, "CAP-EQUIPAGE", { intent: "enable", confirm: "yes" });
    expect(headerOf(enabled, "Location")).toBe("/admin/codes/CAP-EQUIPAGE?saved=enabled");
    expect((await codeRows())[0].disabledAt).toBeNull();
    expect((await auditRows()).map((entry) => [entry.action, entry.subjectName, entry.before, entry.after])).toEqual([
      ["access_code.disabled", "CAP-EQUIPAGE", { disabled: false }, { disabled: true }],
      ["access_code.enabled", "CAP-EQUIPAGE", { disabled: true }, { disabled: false }],
    ]);
    // The audit page shows them, the code as the subject (no member to link to), in both languages.
    type Log = { entries: { action: string; subjectId: string | null; subjectName: string; actorName: string }[] };
    const log = await dataOf<Log>(await getAs(auditLoader, "/admin/audit", boss.cookie));
    expect(log.entries.filter((entry) => entry.action.startsWith("access_code.")).slice(0, 2)).toEqual([
      expect.objectContaining({ action: "access_code.enabled", subjectId: null, subjectName: "CAP-EQUIPAGE" }),
      expect.objectContaining({ action: "access_code.disabled", subjectId: null, actorName: "Ada Lovelace" }),
    ]);
    for (const strings of [fr, en])
      expect(Object.keys(strings.audit.actions.access_code).sort()).toEqual(["created", "disabled", "enabled"]);
  });
});

describe("members redeeming codes", () => {
  it("opens the training case-insensitively and records one use per member, however often typed", async () => {
    const marie = await verifiedMember();
    const answer = await redeem(marie.cookie, "cap-equipage");
    expect(headerOf(answer, "Location")).toBe("/trainings?unlocked=tenir-le-cap");
    expect(await hasTraining(marie.memberId)).toBe(true);
    expect((await redeemCode(marie.memberId, "CAP-EQUIPAGE")).ok).toBe(true);
    expect(await db().select().from(accessCodeUses)).toHaveLength(1);
  });

  it("refuses a disabled, expired or used-up code with the unknown-code message, opening nothing", async () => {
    const boss = await adminMember();
    await create(boss.cookie, { training: "tenir-le-cap", code: "SOLO-1", maxUses: "1" });
    await create(boss.cookie, { training: "tenir-le-cap", code: "OLD-CODE" });
    await db()
      .update(accessCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessCodes.code, "OLD-CODE"));
    await changeState(boss.cookie, "CAP-EQUIPAGE", { intent: "disable", confirm: "yes" });
    const first = await verifiedMember({ email: "first@example.com" });
    expect((await redeemCode(first.memberId, "solo-1")).ok).toBe(true);

    const marie = await verifiedMember({ email: "marie@example.com" });
    for (const code of ["CAP-EQUIPAGE", "old-code", "SOLO-1", "NO-SUCH-CODE"]) {
      const answer = await redeem(marie.cookie, code);
      expect(statusOf(answer), code).toBe(422);
      expect((await dataOf<{ error: Record<string, string[]> }>(answer)).error.code).toEqual(["trainings.codeUnknown"]);
    }
    expect(await hasTraining(marie.memberId)).toBe(false);
    // The member who used the last use may type it again (already theirs).
    expect((await redeemCode(first.memberId, "SOLO-1")).ok).toBe(true);
    // Re-enabled, the code works again; members it opened kept their access all along.
    await changeState(boss.cookie, "CAP-EQUIPAGE", { intent: "enable", confirm: "yes" });
    expect((await redeemCode(marie.memberId, "cap-equipage")).ok).toBe(true);
  });

  it("never gives more uses than the code allows to members typing it at once (one use: exactly one wins)", async () => {
    const boss = await adminMember();
    await create(boss.cookie, { training: "tenir-le-cap", code: "LAST-ONE", maxUses: "1" });
    await create(boss.cookie, { training: "tenir-le-cap", code: "TWO-LEFT", maxUses: "2" });
    const one = await verifiedMember({ email: "one@example.com" });
    const two = await verifiedMember({ email: "two@example.com" });
    const results = await Promise.all([redeemCode(one.memberId, "last-one"), redeemCode(two.memberId, "LAST-ONE")]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await db().select().from(accessCodeUses).where(eq(accessCodeUses.code, "LAST-ONE"))).toHaveLength(1);
    expect((await db().select().from(entitlements)).length).toBe(1);

    // Six members at once on a two-use code: still never past the maximum (without the row lock, this fails on PostgreSQL).
    const many = await Promise.all(
      Array.from({ length: 6 }, (_, i) => verifiedMember({ email: `crowd${i}@example.com` })),
    );
    const crowd = await Promise.all(many.map((member) => redeemCode(member.memberId, "two-left")));
    expect(crowd.filter((result) => result.ok)).toHaveLength(2);
    expect(await db().select().from(accessCodeUses).where(eq(accessCodeUses.code, "TWO-LEFT"))).toHaveLength(2);
  });

  it("stops a member after 10 wrong codes in a quarter of an hour (429), right codes not counted", async () => {
    const marie = await verifiedMember();
    for (let i = 0; i < 10; i++) expect(statusOf(await redeem(marie.cookie, `WRONG-${i}`))).toBe(422);
    const stopped = await redeem(marie.cookie, "CAP-EQUIPAGE");
    expect(statusOf(stopped)).toBe(429);
    expect((await dataOf<{ error: Record<string, string[]> }>(stopped)).error.code).toEqual([
      "trainings.codeTooManyTries",
    ]);
    expect(await hasTraining(marie.memberId)).toBe(false);
    const paul = await verifiedMember({ email: "paul@example.com" });
    for (let i = 0; i < 12; i++) expect((await redeemCode(paul.memberId, "cap-equipage")).ok).toBe(true);
  });
});

describe("access-codes.json is a first-run seed only", () => {
  it("adds a missing seed code but never overwrites or re-enables one the back office changed", async () => {
    const boss = await adminMember();
    await changeState(boss.cookie, "CAP-EQUIPAGE", { intent: "disable", confirm: "yes" });
    await db().update(accessCodes).set({ maxUses: 3, note: "changed" }).where(eq(accessCodes.code, "CAP-EQUIPAGE"));
    await seedContent(db());
    const [kept] = await codeRows();
    expect(kept).toMatchObject({ code: "CAP-EQUIPAGE", maxUses: 3, note: "changed" });
    expect(kept.disabledAt).not.toBeNull();
    await db().delete(accessCodes);
    await seedContent(db());
    expect((await codeRows()).map((row) => [row.code, row.disabledAt])).toEqual([["CAP-EQUIPAGE", null]]);
  });
});

describe("only admins reach access codes", () => {
  it("a plain member and a coach get 404 from every /admin/codes loader, action and API, and nothing changes", async () => {
    const plain = await verifiedMember({ email: "plain@example.com" });
    const coach = await coachMember({ email: "coach@example.com" });
    for (const visitor of [plain, coach]) {
      const pages: Array<[Routed, string, Record<string, string>]> = [
        [codesLoader, "/admin/codes", {}],
        [newLoader, "/admin/codes/new", {}],
        [codeLoader, "/admin/codes/CAP-EQUIPAGE", { code: "CAP-EQUIPAGE" }],
      ];
      for (const [loader, path, params] of pages)
        expect(statusOf(await getAs(loader, path, visitor.cookie, params)), path).toBe(404);
      expect(statusOf(await create(visitor.cookie, { training: "tenir-le-cap", code: "MINE-1" }))).toBe(404);
      expect(statusOf(await changeState(visitor.cookie, "CAP-EQUIPAGE", { intent: "disable", confirm: "yes" }))).toBe(
        404,
      );

      const refusals = [
        await api("/api/admin/codes", "/api/admin/codes", visitor.token),
        await api("/api/admin/codes", "/api/admin/codes", visitor.token, { json: { training: "tenir-le-cap" } }),
        await api("/api/admin/codes/CAP-EQUIPAGE", "/api/admin/codes/:code", visitor.token, {
          params: { code: "CAP-EQUIPAGE" },
        }),
        await api("/api/admin/codes/CAP-EQUIPAGE/disable", "/api/admin/codes/:code/disable", visitor.token, {
          json: {},
          params: { code: "CAP-EQUIPAGE" },
        }),
      ];
      expect(refusals.map((answer) => answer.status)).toEqual([404, 404, 404, 404]);
    }
    const [code] = await codeRows();
    expect(code.disabledAt).toBeNull();
    expect(await codeRows()).toHaveLength(1);
    expect(await auditRows()).toEqual([]);
  });
});

describe("the access codes API", () => {
  it("creates, lists, reads, disables and enables codes, answers checked against the document", async () => {
    const boss = await adminMember();
    const today = localDay(new Date(), "Europe/Paris");
    const made = await api("/api/admin/codes", "/api/admin/codes", boss.token, {
      json: {
        training: "tenir-le-cap",
        code: "api-code",
        max_uses: 5,
        expires_on: addDays(today, 3),
        note: "via l’API",
      },
    });
    expect(made.status).toBe(201);
    const body = await checkedJson(made, "/api/admin/codes", "post");
    expect(body.code).toMatchObject({ code: "API-CODE", uses: 0, max_uses: 5, state: "active", note: "via l’API" });
    const generated = await checkedJson(
      await api("/api/admin/codes", "/api/admin/codes", boss.token, { json: { training: "tenir-le-cap" } }),
      "/api/admin/codes",
      "post",
    );
    expect(generated.code.code).toMatch(/^CAP-/);

    const taken = await api("/api/admin/codes", "/api/admin/codes", boss.token, {
      json: { training: "tenir-le-cap", code: "API-CODE" },
    });
    expect(taken.status).toBe(409);
    expect((await checkedJson(taken, "/api/admin/codes", "post")).errors.code).toBeDefined();
    for (const json of [
      { training: "capitaine" },
      { training: "tenir-le-cap", max_uses: 0 },
      { training: "tenir-le-cap", expires_on: addDays(today, -1) },
      { training: "tenir-le-cap", expires_on: addDays(today, 2000) },
      { training: "tenir-le-cap", note: "n".repeat(501) },
      { training: "tenir-le-cap", code: "no" },
      { training: 42 },
    ]) {
      const refused = await api("/api/admin/codes", "/api/admin/codes", boss.token, { json });
      expect(refused.status, JSON.stringify(json)).toBe(422);
      await checkedJson(refused, "/api/admin/codes", "post");
    }
    expect(await codeRows()).toHaveLength(3);

    const marie = await namedMember("marie@example.com", "Marie Curie");
    await redeemCode(marie.memberId, "api-code");
    const list = await checkedJson(
      await api("/api/admin/codes?limit=2", "/api/admin/codes", boss.token),
      "/api/admin/codes",
      "get",
    );
    expect(list).toMatchObject({ total: 3, page: 1, limit: 2, next: 2 });
    const badPage = await api("/api/admin/codes?limit=500", "/api/admin/codes", boss.token);
    expect(badPage.status).toBe(422);
    await checkedJson(badPage, "/api/admin/codes", "get");

    const one = await checkedJson(
      await api("/api/admin/codes/Api-Code", "/api/admin/codes/:code", boss.token, { params: { code: "Api-Code" } }),
      "/api/admin/codes/{code}",
      "get",
    );
    expect(one.code.uses).toBe(1);
    expect(one.used_by).toEqual([expect.objectContaining({ member_id: marie.memberId, name: "Marie Curie" })]);
    const missing = await api("/api/admin/codes/NOPE-NOPE", "/api/admin/codes/:code", boss.token, {
      params: { code: "NOPE-NOPE" },
    });
    expect(missing.status).toBe(404);
    await checkedJson(missing, "/api/admin/codes/{code}", "get");

    const disabled = await api("/api/admin/codes/API-CODE/disable", "/api/admin/codes/:code/disable", boss.token, {
      json: {},
      params: { code: "API-CODE" },
    });
    expect(await checkedJson(disabled, "/api/admin/codes/{code}/disable", "post")).toMatchObject({
      changed: true,
      code: { state: "disabled" },
    });
    const enabled = await api("/api/admin/codes/API-CODE/enable", "/api/admin/codes/:code/enable", boss.token, {
      json: {},
      params: { code: "API-CODE" },
    });
    expect(await checkedJson(enabled, "/api/admin/codes/{code}/enable", "post")).toMatchObject({ changed: true });
    expect((await auditRows()).map((entry) => entry.action)).toEqual([
      "access_code.created",
      "access_code.created",
      "access_code.disabled",
      "access_code.enabled",
    ]);
  });
});

describe("a code's words", () => {
  /** The list and the code's own page, as the operator reads them in `lang`. */
  async function shown(cookie: string, code: string, lang: "fr" | "en") {
    const list = await getAs(codesLoader, "/admin/codes", cookie, {}, { lang });
    const file = await getAs(codeLoader, `/admin/codes/${code}`, cookie, { code }, { lang });
    return [
      await renderPage(CodesPage, { path: "/admin/codes", lang, loaderData: await dataOf<object>(list) }),
      await renderPage(CodePage, { path: `/admin/codes/${code}`, lang, loaderData: await dataOf<object>(file) }),
    ];
  }

  it("says a code without a limit is unlimited", async () => {
    const boss = await adminMember();
    await create(boss.cookie, { training: "tenir-le-cap", code: "OPEN-2027" });
    for (const html of await shown(boss.cookie, "OPEN-2027", "fr")) {
      expect(html).toContain("0 utilisation (code illimité)");
      expect(html).not.toContain("sans limite");
    }
    for (const html of await shown(boss.cookie, "OPEN-2027", "en")) expect(html).toContain("0 uses (unlimited code)");
  });

  it("names a code's last day, included, not the day it stops", async () => {
    const boss = await adminMember();
    await create(boss.cookie, { training: "tenir-le-cap", code: "JUNE-2027", expiresOn: "2027-06-30" });
    await create(boss.cookie, { training: "tenir-le-cap", code: "DEC-2027", expiresOn: "2027-12-01" });
    const [list, june] = await shown(boss.cookie, "JUNE-2027", "fr");
    expect(list).toContain("valable jusqu’au 30 juin 2027 inclus");
    expect(list).toContain("valable jusqu’au 1er décembre 2027 inclus");
    expect(june).toContain("Valable jusqu’au 30 juin 2027 inclus");
    for (const html of [list, june]) expect(html).not.toMatch(/juil|2 décembre/);
    const [listEn] = await shown(boss.cookie, "JUNE-2027", "en");
    expect(listEn).toContain("valid through June 30, 2027");
  });
});
