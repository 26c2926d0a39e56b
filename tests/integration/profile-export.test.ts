import { eq, getTableName, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import * as schema from "~/.server/db/schema.server";
import { EXPORT_COVERAGE } from "~/.server/export/data-export.server";
import { identity } from "~/.server/identity/identity-service.server";
import { savePhoto } from "~/.server/media/photo.server";
import { grantRole } from "~/.server/coaching/coaches/role-changes.server";
import { recordSecurityEvent } from "~/.server/security/security-events.server";
import { redeemCode } from "~/.server/trainings/access.server";
import { trainingOf } from "~/.server/trainings/catalogue.server";
import { issueCertificate } from "~/.server/trainings/certificates.server";
import DataPage, { loader as dataPage } from "~/routes/_default.profile_.data";
import { loader as dataFile } from "~/routes/profile.data[.]json";
import { dataExport } from "~/.server/export/contract.server";
import { action as verificationAction } from "~/routes/_home.account_verification";
import { action as surveyAnswer } from "~/routes/_home.survey.$token";
import { action as commitmentsAction } from "~/routes/_default.my_commitments/route";
import {
  codeIn,
  lastMailTo,
  linkIn,
  registerMember,
  renderPage,
  type TestMember,
  verifiedMember,
} from "../support/accounts";
import { endpointAt } from "../support/endpoints";
import { buildRequest, callApi, callWith, dataOf, headerOf, type RouteFunction, statusOf } from "../support/http";
import { checkedJson } from "../support/openapi";
import { totpCode } from "../support/totp";
import { seededContent, validAnswers } from "../support/trainings";

/**
 * Issue 25 item 7, "Download my data": every record Cap holds about a member, as JSON (the file,
 * the API) and a readable page; the member's own only, 5 an hour, never a secret.
 */
const exportApi = endpointAt("/api/profile/export").loader;

type Copy = Awaited<ReturnType<typeof exportOf>>;
async function exportOf(member: TestMember, path = "/api/profile/export") {
  const answer = await callApi(exportApi, path, member);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("Cache-Control")).toBe("no-store");
  return dataExport.parse(await checkedJson(answer, "/api/profile/export", "get"));
}

// --- The schema, read as it is: which columns point at a member ------------------------------------

const MEMBER_TABLES = new Set(["app_users", "identities"]);
const MEMBER_COLUMN = /^(member|identity|user|actor|subject|inviter|invitee|joined_member)_id$|^(created|invited)_by$/;

/** "table.column" of every column that names a member or an identity: by its foreign key, or its name. */
function memberColumns(): string[] {
  const found = new Set<string>();
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const config = getTableConfig(table);
    for (const key of config.foreignKeys) {
      const reference = key.reference();
      if (!MEMBER_TABLES.has(getTableName(reference.foreignTable))) continue;
      for (const column of reference.columns) found.add(`${config.name}.${column.name}`);
    }
    for (const column of config.columns) {
      if (MEMBER_COLUMN.test(column.name)) found.add(`${config.name}.${column.name}`);
    }
  }
  return [...found].sort();
}

/**
 * How many of the member's rows each exported column holds, as the copy counts them: a column
 * the copy reads must be here, so the journey below compares each with the database.
 */
const inCopy: { columns: string[]; count: (copy: Copy) => number }[] = [
  { columns: ["app_users.identity_id"], count: (copy) => (copy.member ? 1 : 0) },
  { columns: ["member_photos.member_id"], count: (copy) => (copy.photo ? 1 : 0) },
  { columns: ["member_roles.member_id"], count: (copy) => copy.roles.length },
  { columns: ["main_goals.member_id"], count: (copy) => copy.goals.length },
  { columns: ["weather_checkins.member_id"], count: (copy) => copy.weather.length },
  { columns: ["commitments.member_id"], count: (copy) => copy.commitments.length },
  { columns: ["commitment_pauses.member_id"], count: (copy) => copy.commitment_pauses.length },
  { columns: ["life_gps_entries.member_id"], count: (copy) => copy.life_gps.length },
  { columns: ["part_reads.member_id"], count: (copy) => copy.learning.part_reads.length },
  { columns: ["quiz_submissions.member_id"], count: (copy) => copy.learning.quiz_submissions.length },
  { columns: ["module_completions.member_id"], count: (copy) => copy.learning.module_completions.length },
  { columns: ["entitlements.member_id"], count: (copy) => copy.learning.entitlements.length },
  { columns: ["access_code_uses.member_id"], count: (copy) => copy.learning.access_codes_used.length },
  { columns: ["access_codes.created_by"], count: (copy) => copy.learning.access_codes_created.length },
  { columns: ["certificates.member_id"], count: (copy) => copy.learning.certificates.length },
  { columns: ["payments.member_id"], count: (copy) => copy.learning.payments.length },
  { columns: ["crew_members.member_id"], count: (copy) => copy.crew.length },
  { columns: ["invitations.inviter_id"], count: (copy) => copy.invitations_sent.length },
  { columns: ["invitations.invitee_id"], count: (copy) => copy.invitations_received.length },
  { columns: ["surveys.member_id"], count: (copy) => copy.surveys.length },
  { columns: ["coaching_bookings.member_id"], count: (copy) => copy.coaching_sessions.length },
  { columns: ["coaches.member_id"], count: (copy) => (copy.coach_profile ? 1 : 0) },
  { columns: ["security_events.member_id"], count: (copy) => copy.security_events.length },
  { columns: ["audit_events.subject_id"], count: (copy) => copy.account_history.length },
  {
    columns: ["self_service_codes.identity_id", "identity_flows.identity_id"],
    count: (copy) => copy.codes_sent.length,
  },
  { columns: ["sessions.identity_id"], count: (copy) => copy.devices.length },
  { columns: ["identity_verifiable_addresses.identity_id"], count: (copy) => copy.identity.addresses.length },
];

/** Rows of `table` whose `column` is the member (or their identity). */
async function rowsOf(qualified: string, member: TestMember): Promise<number> {
  const [table, column] = qualified.split(".");
  const id = column === "identity_id" ? member.identityId : member.memberId;
  const result = (await db().execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id}`,
  )) as { rows: unknown[] };
  return (result.rows[0] as { n: number }).n;
}

/** What the identity service holds of the member, whichever adapter: its devices and addresses. */
async function heldByIdentity(qualified: string, member: TestMember): Promise<number | null> {
  if (qualified === "sessions.identity_id") return identity().countSessions(member.identityId);
  if (qualified === "identity_verifiable_addresses.identity_id") {
    return (await identity().find(member.identityId))?.verifiable_addresses.length ?? 0;
  }
  return null;
}

describe("what the copy covers", () => {
  it("names every column of the schema that points at a member: read by the copy, or said why not", () => {
    const explained = [...EXPORT_COVERAGE.exported, ...Object.keys(EXPORT_COVERAGE.notPersonal)].sort();
    expect(explained).toEqual(memberColumns());
    // And the journey below counts each column the copy reads.
    expect(inCopy.flatMap((entry) => entry.columns).sort()).toEqual([...EXPORT_COVERAGE.exported].sort());
    for (const why of Object.values(EXPORT_COVERAGE.notPersonal)) expect(why.length).toBeGreaterThan(20);
  });
});

describe("downloading my data", () => {
  it("gives, after a full journey, every row the database holds about the member, and no secret", async () => {
    const alice = await verifiedMember({ email: "alice@example.com", first: { firstName: "Alice" } });
    const post = (path: string, json: unknown, params?: Record<string, string>) =>
      callApi(endpointAt(pattern(path)).action as RouteFunction, path, alice, { json, params, method: "POST" });
    const get = (path: string, params?: Record<string, string>) =>
      callApi(endpointAt(pattern(path)).loader as RouteFunction, path, alice, { params });

    expect((await post("/api/goal", { title: "Courir un semi" })).status).toBeLessThan(300);
    expect((await post("/api/goal", { title: "Courir un marathon", intent: "new" })).status).toBeLessThan(300);
    expect((await post("/api/commitments", { title: "Appeler ma sœur", due_date: "2030-05-04" })).status).toBe(201);
    expect((await post("/api/commitments", { title: "Lire un livre", due_date: null })).status).toBe(201);
    const breakDay = new Date().toISOString().slice(0, 10);
    const paused = await callWith(
      commitmentsAction,
      buildRequest("/my_commitments", {
        form: { intent: "pause", from: breakDay, until: breakDay },
        cookie: alice.cookie,
      }),
    );
    expect(statusOf(paused)).toBe(303);
    expect((await post("/api/weather", { mood: "top" })).status).toBeLessThan(300);
    const ratings = Object.fromEntries(
      ["sante", "travail", "relations", "finances", "loisirs", "developpement"].flatMap((area) => [
        [`${area}_score`, 7],
        [`${area}_note`, `note ${area}`],
      ]),
    );
    expect((await post("/api/life_gps", ratings)).status).toBeLessThan(300);

    // A part read and a quiz of the free training.
    const training = await (await get("/api/trainings/j-embarque", { training_slug: "j-embarque" })).json();
    const module = training.modules[0];
    const moduleParams = { training_slug: "j-embarque", module_slug: module.slug };
    // Every part read and the quiz passed: the module is completed.
    for (const part of module.parts as { slug: string }[]) {
      const path = `/api/trainings/j-embarque/modules/${module.slug}/parts/${part.slug}/read`;
      expect((await post(path, undefined, { ...moduleParams, part_slug: part.slug })).status).toBe(200);
    }
    const answers = validAnswers(seededContent["j-embarque"].modules.find((m) => m.slug === module.slug)!);
    expect(
      (await post(`/api/trainings/j-embarque/modules/${module.slug}/quiz`, { answers }, moduleParams)).status,
    ).toBeLessThan(300);
    expect((await redeemCode(alice.memberId, "CAP-EQUIPAGE")).ok).toBe(true);
    // A certificate, as completing a training issues it (straight from its service: the journey
    // completes one module, not the whole training).
    await issueCertificate(db(), alice.memberId, (await trainingOf(db(), alice.memberId, "j-embarque"))!, true);
    // A payment, as Stripe's checkout leaves it once paid (the payments tests drive the checkout itself).
    await db().insert(schema.payments).values({
      checkoutSessionId: "cs_test_export",
      memberId: alice.memberId,
      trainingTitle: "Tenir le cap",
      buyerName: "Alice",
      buyerEmail: "alice@example.com",
      lang: "fr",
      amountCents: 4900,
      currency: "eur",
      vatBasisPoints: 2000,
      status: "paid",
      paidAt: new Date(),
    });

    // A coaching session.
    const from = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    const slots = await (
      await get(`/api/coaches/claire-moreau/slots?tz=Europe/Paris&from=${from}`, { coach_slug: "claire-moreau" })
    ).json();
    const booked = await post("/api/bookings", {
      coach: "claire-moreau",
      start: slots.slots[0].start,
      time_zone: "Europe/Paris",
    });
    expect(booked.status).toBe(201);

    // A crew of three, one of whom registers through the invitation; a survey to them.
    const crew: string[] = [];
    for (const email of ["bob@example.com", "chloe@example.com", "david@example.com"]) {
      const added = await post("/api/team", { name: email.split("@")[0], email, relation: "friend" });
      expect(added.status).toBe(201);
      crew.push((await added.json()).crew.id);
    }
    const invitedId = new URL(
      linkIn(await lastMailTo("bob@example.com"), "/home/register"),
      "http://x",
    ).searchParams.get("invited_id")!;
    const bob = await registerMember({ email: "bob@example.com", first: { firstName: "Bob", invitedId } });
    await verify(bob);
    const questions = ["Écoute ?", "Courage ?", "Clarté ?"];
    expect((await post("/api/surveys", { title: "Comment me voyez-vous ?", questions, crew })).status).toBe(201);
    // All three answer (which closes the survey): the copy has the results as Alice sees them.
    for (const [index, email] of ["bob@example.com", "chloe@example.com", "david@example.com"].entries()) {
      const link = linkIn(await lastMailTo(email), "/survey/");
      const scores = { score_q1: String(index + 2), score_q2: "5", score_q3: "5", comment_q1: `avis ${index}` };
      await callWith(surveyAnswer, buildRequest(link, { form: scores }), {
        params: { token: link.split("/").at(-1)! },
      });
    }

    // A photo, a role (which makes a coach record), a security event, two-factor on.
    const picture = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#c85028" } })
      .jpeg()
      .toBuffer();
    expect((await savePhoto(alice.memberId, picture)).ok).toBe(true);
    expect((await grantRole({ memberId: null }, alice.memberId, "coach")).ok).toBe(true);
    await recordSecurityEvent(db(), alice.memberId, "password.changed", {
      ip: "203.0.113.7",
      userAgent: "Firefox/140",
    });
    // Two-step sign-in turned on as the member does it, through the identity service: the token's
    // session then owes no second step. The date is set to a known one to compare.
    const signedIn = (await identity().whoami(alice.token))!;
    const pairing = await identity().startTotpSetup(alice.token, signedIn.identity);
    const paired = await identity().confirmTotpSetup(
      alice.token,
      alice.identityId,
      pairing.flowId,
      totpCode(pairing.secret),
    );
    expect(paired.ok).toBe(true);
    const totpSecret = pairing.secret;
    const since = new Date("2026-01-02T03:04:05.000Z");
    await db().update(schema.appUsers).set({ twoFactorSince: since }).where(eq(schema.appUsers.id, alice.memberId));

    const copy = await exportOf(alice);
    const counted = await compareWithDatabase(alice, copy);
    // The journey made a record of every kind but codes created (an administrator's) and
    // invitations received (Bob's copy below has his).
    expect(Object.keys(counted).filter((column) => counted[column] === 0)).toEqual([
      "access_codes.created_by",
      "invitations.invitee_id",
    ]);
    expect(copy.member).toMatchObject({ id: alice.memberId, firstname: "Alice", invited: false });
    expect(copy.identity).toMatchObject({
      email: "alice@example.com",
      two_factor: { enabled: true, since: since.toISOString() },
    });
    expect(copy.identity.addresses).toEqual([expect.objectContaining({ value: "alice@example.com", verified: true })]);
    expect(copy.goals.map((goal) => [goal.title, goal.replaced_at === null])).toEqual([
      ["Courir un semi", false],
      ["Courir un marathon", true],
    ]);
    expect(copy.life_gps[0].ratings.sante).toEqual({ score: 7, note: "note sante" });
    expect(copy.learning.quiz_submissions[0]).toMatchObject({ module: `j-embarque/${module.slug}`, answers });
    expect(copy.learning.access_codes_used).toEqual([expect.objectContaining({ code: "CAP-EQUIPAGE" })]);
    expect(copy.coaching_sessions[0]).toMatchObject({ coach: "Claire Moreau", status: "confirmed" });
    expect(copy.crew.map((person) => [person.email, person.joined])).toEqual([
      ["bob@example.com", true],
      ["chloe@example.com", false],
      ["david@example.com", false],
    ]);
    expect(copy.surveys).toEqual([
      expect.objectContaining({ title: "Comment me voyez-vous ?", questions, sent: 3, answered: 3, closed: true }),
    ]);
    // Averages and comments sorted, never who gave which.
    expect(copy.surveys[0].results?.[0]).toEqual({
      prompt: "Écoute ?",
      average: 3,
      comments: ["avis 0", "avis 1", "avis 2"],
    });
    expect(copy.roles).toEqual([expect.objectContaining({ role: "coach" })]);
    expect(copy.security_events).toContainEqual(
      expect.objectContaining({ kind: "password.changed", ip: "203.0.113.7", user_agent: "Firefox/140" }),
    );
    expect(copy.account_history.length).toBeGreaterThan(0);
    expect(copy.account_history.every((entry) => entry.by === "operator" || entry.by === "administrator")).toBe(true);
    const [photoRow] = await db()
      .select()
      .from(schema.memberPhotos)
      .where(eq(schema.memberPhotos.memberId, alice.memberId));
    expect(
      Buffer.from(copy.photo!.data_url.replace(/^data:image\/webp;base64,/, ""), "base64").equals(photoRow.webp),
    ).toBe(true);

    // No secret, and nothing of anyone else's: no hash, no TOTP secret, no other member's id.
    const text = JSON.stringify(copy);
    expect(text).not.toContain(totpSecret);
    expect(text).not.toContain(bob.memberId);
    const secrets = (await db().execute(sql`
      select token_hash as secret from sessions
      union all select password_hash from identity_credentials
      union all select code_hash from self_service_codes
      union all select token_hash from survey_requests
      union all select coach_token_hash from coaching_bookings`)) as { rows: unknown[] };
    for (const row of secrets.rows as { secret: string }[]) expect(text).not.toContain(row.secret);

    // Bob, who came through Alice's invitation, finds it in his own copy, with Alice named.
    const bobCopy = await exportOf(bob);
    expect(bobCopy.member.invited).toBe(true);
    expect((await compareWithDatabase(bob, bobCopy))["invitations.invitee_id"]).toBe(1);
    expect(bobCopy.invitations_received).toEqual([
      expect.objectContaining({ from: "Alice Curie", status: "accepted" }),
    ]);
    expect(JSON.stringify(bobCopy)).not.toContain("Courir un semi");
  });

  it("is the bearer's own only, for a verified member; 5 copies an hour, pages and API together", async () => {
    const alice = await verifiedMember({ email: "alice@example.com", first: { firstName: "Alice" } });
    const bob = await verifiedMember({ email: "bob@example.com", first: { firstName: "Bob" } });
    await callApi(endpointAt("/api/goal").action as RouteFunction, "/api/goal", alice, {
      json: { title: "Le secret d’Alice" },
    });
    await recordSecurityEvent(db(), alice.memberId, "password.changed", { ip: "203.0.113.7", userAgent: null });

    const anonymousApi = await callApi(exportApi, "/api/profile/export", null);
    expect(anonymousApi.status).toBe(401);
    await checkedJson(anonymousApi, "/api/profile/export", "get");
    const unverified = await registerMember({ email: "carol@example.com" });
    const unverifiedApi = await callApi(exportApi, "/api/profile/export", unverified);
    expect(unverifiedApi.status).toBe(403);
    await checkedJson(unverifiedApi, "/api/profile/export", "get");
    // Another member's id in the query changes nothing: the copy is the token's member's.
    const bobs = await exportOf(bob, `/api/profile/export?member_id=${alice.memberId}`);
    expect(bobs.member.id).toBe(bob.memberId);
    expect(JSON.stringify(bobs)).not.toContain("Le secret d’Alice");
    expect(JSON.stringify(bobs)).not.toContain(alice.memberId);

    // The file: an attachment named by the day, never cached.
    const file = (await callWith(dataFile, buildRequest("/profile/data.json", { cookie: alice.cookie }))) as Response;
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="cap-data-\d{4}-\d\d-\d\d\.json"$/);
    expect(file.headers.get("Cache-Control")).toBe("no-store");
    expect((await file.json()).goals[0].title).toBe("Le secret d’Alice");

    // The readable page, in the member's language, French first.
    const page = await callWith(dataPage, buildRequest("/profile/data", { cookie: alice.cookie }));
    expect(statusOf(page)).toBe(200);
    expect(headerOf(page, "Cache-Control")).toBe("no-store");
    const loaderData = await dataOf<object>(page);
    const html = await renderPage(DataPage, { path: "/profile/data", loaderData });
    expect(html).toContain("Mes objectifs principaux");
    expect(html).toContain("Le secret d’Alice");
    expect(html).toContain("Alice Curie");
    // Values from Cap's closed lists in words: the event, the path chosen at registration.
    expect(html).toContain("Mot de passe modifié");
    expect(html).toContain("Aventurier ou aventurière");
    const english = await renderPage(DataPage, { path: "/profile/data", loaderData, lang: "en" });
    expect(english).toContain("My main goals");
    expect(english).toContain("Password changed");

    // Without a session the pages send to sign in.
    const anonymous = await callWith(dataFile, buildRequest("/profile/data.json"));
    expect(statusOf(anonymous)).toBe(302);
    expect(headerOf(anonymous, "Location")).toMatch(/^\/home\/login\?redirect_after=/);

    // Three more (5 in all), then 429 everywhere with Retry-After and a translated reason.
    for (let copies = 3; copies <= 5; copies++) await exportOf(alice);
    const refused = await callApi(exportApi, "/api/profile/export", alice);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("3600");
    expect((await checkedJson(refused, "/api/profile/export", "get")).errors.base).toEqual([
      "Vous avez demandé plusieurs copies de vos données cette heure-ci. Réessayez dans une heure.",
    ]);
    const refusedFile = (await callWith(
      dataFile,
      buildRequest("/profile/data.json", { cookie: alice.cookie, headers: { "Accept-Language": "en" } }),
    )) as Response;
    expect(refusedFile.status).toBe(429);
    expect(refusedFile.headers.get("Retry-After")).toBe("3600");
    expect(await refusedFile.text()).toBe("You asked for several copies of your data this hour. Try again in an hour.");
    const refusedPage = await callWith(dataPage, buildRequest("/profile/data", { cookie: alice.cookie }));
    expect(statusOf(refusedPage)).toBe(429);
    const refusedHtml = await renderPage(DataPage, {
      path: "/profile/data",
      loaderData: await dataOf<object>(refusedPage),
    });
    expect(refusedHtml).toContain("Réessayez dans une heure");
    // Bob's hour is his own.
    expect((await callApi(exportApi, "/api/profile/export", bob)).status).toBe(200);
  });
});

/** The path pattern an endpoint is declared with, from a concrete path of this test. */
function pattern(path: string): string {
  const bare = path.split("?")[0];
  return bare
    .replace(/^\/api\/trainings\/[^/]+/, "/api/trainings/:training_slug")
    .replace(/\/modules\/[^/]+/, "/modules/:module_slug")
    .replace(/\/parts\/[^/]+/, "/parts/:part_slug")
    .replace(/^\/api\/coaches\/[^/]+/, "/api/coaches/:coach_slug");
}

/** Each exported column's rows in the database (or the identity service) against the copy's count; the counts. */
async function compareWithDatabase(member: TestMember, copy: Copy): Promise<Record<string, number>> {
  const counted: Record<string, number> = {};
  for (const { columns, count } of inCopy) {
    let expected = 0;
    for (const column of columns) expected += (await heldByIdentity(column, member)) ?? (await rowsOf(column, member));
    expect({ columns, count: count(copy) }).toEqual({ columns, count: expected });
    counted[columns.join(" + ")] = expected;
  }
  return counted;
}

/** Types the code of the member's verification email. */
async function verify(member: TestMember) {
  const code = codeIn(await lastMailTo(member.email));
  const answer = await callWith(
    verificationAction,
    buildRequest("/account_verification", { form: { intent: "verify", code }, cookie: member.cookie }),
  );
  expect(statusOf(answer)).toBe(303);
}
