import type { LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { whoami } from "~/.server/accounts/members.server";
import { db } from "~/.server/db/client.server";
import { appUsers, auditEvents, entitlements, partReads } from "~/.server/db/schema.server";
import { setAccountState } from "~/.server/admin/members.server";
import { deleteMemberAccount } from "~/.server/admin/member-account.server";
import { rolesOf } from "~/.server/roles/roles.server";
import { grantRole, withdrawRole } from "~/.server/coaching/coaches/role-changes.server";
import { grantByEmail } from "~/.server/trainings/access.server";
import { readTrainingFiles } from "~/.server/trainings/seed.server";
import { loader as layoutLoader } from "~/routes/_default";
import { loader as spaceLoader } from "~/routes/_default.admin/route";
import { loader as indexLoader } from "~/routes/_default.admin._index";
import { loader as auditLoader } from "~/routes/_default.admin.audit";
import { loader as paymentsLoader } from "~/routes/_default.admin.payments/route";
import { loader as membersLoader } from "~/routes/_default.admin.members._index";
import { action as memberAction, loader as memberLoader } from "~/routes/_default.admin.members.$id/route";
import { action as loginPage } from "~/routes/_main.home.login";
import { loader as trainingPageLoader } from "~/routes/_default.training.$training_slug._index";
import { action as moduleAction } from "~/routes/_default.training.$training_slug.modules.$module_slug";
import { loader as trainingsLoader } from "~/routes/_default.trainings._index";
import { cookiePair, namedMember, PASSWORD, type TestMember, tokenOf, verifiedMember } from "../support/accounts";
import { endpointAt } from "../support/endpoints";
import { answerOf, buildRequest, callApi, callWith, dataOf, getAs, headerOf, postAs, statusOf } from "../support/http";
import { adminMember } from "../support/roles";

/**
 * Issue 24, items 2, 3 and 7 (first part): the operator's space. Only admins reach it — a plain
 * member and a coach get the 404 of an unknown path from every loader and action, as a guessed URL
 * would — and everything an admin changes is written to the audit log with before and after.
 */
const loginApi = endpointAt("/api/dashboard/login").action;

type Routed = (args: LoaderFunctionArgs) => unknown;

/** An admin named after their address. */
const admin = (email = "ada@example.com") => adminMember(email, email.split("@")[0]);

const post = (memberId: string, cookie: string, form: Record<string, string>) =>
  postAs(memberAction, `/admin/members/${memberId}`, cookie, form, { id: memberId });

/** The changes in the audit log (an admin's readings of a file have their own test, below). */
async function auditActions() {
  const rows = (await db().select().from(auditEvents).orderBy(auditEvents.id)).filter(
    (row) => row.action !== "account.viewed",
  );
  return rows.map((row) => ({ action: row.action, actorId: row.actorId, before: row.before, after: row.after }));
}

function signIn(email: string) {
  return callWith(loginPage, buildRequest("/home/login", { form: { email, password: PASSWORD, redirectAfter: "" } }), {
    context: { clientIp: "203.0.113.24" },
  });
}

describe("the operator's space refuses whoever is not an admin", () => {
  it("a plain member and a coach get 404 from every /admin loader and action, and nothing changes", async () => {
    const plain = await verifiedMember({ email: "plain@example.com" });
    const coach = await verifiedMember({ email: "coach@example.com" });
    await grantRole({ memberId: null }, coach.memberId, "coach");
    const target = await admin("ada@example.com");
    for (const visitor of [plain, coach]) {
      const pages: Array<[Routed, string, Record<string, string>]> = [
        [spaceLoader, "/admin", {}],
        [indexLoader, "/admin", {}],
        [membersLoader, "/admin/members?q=ada", {}],
        [memberLoader, `/admin/members/${target.memberId}`, { id: target.memberId }],
        [auditLoader, "/admin/audit", {}],
        [paymentsLoader, "/admin/payments", {}],
      ];
      for (const [loader, path, params] of pages) {
        expect(statusOf(await getAs(loader, path, visitor.cookie, params)), path).toBe(404);
      }
      // Privilege escalation: making oneself admin, disabling the real admin.
      for (const [id, form] of [
        [visitor.memberId, { intent: "grant", role: "admin" }],
        [target.memberId, { intent: "disable" }],
        [target.memberId, { intent: "withdraw", role: "admin" }],
        [target.memberId, { intent: "signOutEverywhere" }],
        [visitor.memberId, { intent: "grantTraining", training: "tenir-le-cap" }],
        [target.memberId, { intent: "grantTraining", training: "tenir-le-cap" }],
      ] as const) {
        expect(statusOf(await post(id, visitor.cookie, form)), form.intent).toBe(404);
      }
    }
    expect(await rolesOf(plain.memberId)).toEqual([]);
    expect(await rolesOf(coach.memberId)).toEqual(["coach"]);
    expect(await rolesOf(target.memberId)).toEqual(["admin"]);
    expect(await whoami(target.token)).not.toBeNull();
    expect(await db().select().from(entitlements)).toEqual([]);
    expect((await auditActions()).filter((entry) => entry.actorId !== null)).toEqual([]);
  });

  it("a visitor is sent to sign in, as on every signed-in page", async () => {
    const answer = await callWith(membersLoader, buildRequest("/admin/members"));
    expect(statusOf(answer)).toBe(302);
    expect(headerOf(answer, "Location")).toBe("/home/login?redirect_after=%2Fadmin%2Fmembers");
  });

  it("a withdrawn admin role stops working at the next request", async () => {
    const first = await admin("ada@example.com");
    const second = await admin("bob@example.com");
    expect(statusOf(await getAs(membersLoader, "/admin/members", second.cookie))).toBe(200);
    const withdrawn = await post(second.memberId, first.cookie, { intent: "withdraw", role: "admin" });
    expect(statusOf(withdrawn)).toBe(303);
    expect(statusOf(await getAs(membersLoader, "/admin/members", second.cookie))).toBe(404);
  });

  it("the sidebar links to /admin for admins only (the layout hands it the roles)", async () => {
    const plain = await verifiedMember({ email: "plain@example.com" });
    const boss = await admin("ada@example.com");
    expect((await dataOf<{ roles: string[] }>(await getAs(layoutLoader, "/", plain.cookie))).roles).toEqual([]);
    expect((await dataOf<{ roles: string[] }>(await getAs(layoutLoader, "/", boss.cookie))).roles).toEqual(["admin"]);
  });
});

describe("members: search and pages", () => {
  it("finds a member by part of their name or by their whole address, a page at a time", async () => {
    const boss = await admin("ada@example.com");
    const marie = await namedMember("irene.joliot@example.com", "Irène Joliot-Curie");
    // Enough members for a second page (written directly: the search reads member records only).
    await db()
      .insert(appUsers)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          identityId: crypto.randomUUID(),
          firstname: "Zoé",
          lastname: `Martin ${String(i).padStart(2, "0")}`,
          birthDate: "1990-01-01",
        })),
      );
    type Listing = { members: { id: string; name: string }[]; page: { page: number; pages: number; total: number } };
    const byName = await dataOf<Listing>(await getAs(membersLoader, "/admin/members?q=curi", boss.cookie));
    expect(byName.members.map((member) => member.id)).toEqual([marie.memberId]);
    const byEmail = await dataOf<Listing>(
      await getAs(membersLoader, "/admin/members?q=IRENE.joliot@example.com", boss.cookie),
    );
    expect(byEmail.members.map((member) => member.id)).toEqual([marie.memberId]);
    const wildcards = await dataOf<Listing>(await getAs(membersLoader, "/admin/members?q=%25", boss.cookie));
    expect(wildcards.page.total).toBe(0);

    const first = await dataOf<Listing>(await getAs(membersLoader, "/admin/members?q=martin", boss.cookie));
    expect(first.page).toEqual({ page: 1, pages: 2, total: 25 });
    expect(first.members).toHaveLength(20);
    const second = await dataOf<Listing>(await getAs(membersLoader, "/admin/members?q=martin&page=2", boss.cookie));
    expect(second.members.map((member) => member.name)).toEqual([
      "Zoé Martin 20",
      "Zoé Martin 21",
      "Zoé Martin 22",
      "Zoé Martin 23",
      "Zoé Martin 24",
    ]);
    const everyone = await dataOf<Listing>(await getAs(membersLoader, "/admin/members", boss.cookie));
    expect(everyone.page.total).toBe(27);

    const tooLong = await dataOf<Listing & { refused: boolean }>(
      await getAs(membersLoader, `/admin/members?q=${"a".repeat(201)}`, boss.cookie),
    );
    expect(tooLong.refused).toBe(true);
  });

  it("an unknown or malformed member id is the 404 page", async () => {
    const boss = await admin();
    for (const id of [crypto.randomUUID(), "not-a-uuid", "'; drop table app_users; --"]) {
      expect(statusOf(await getAs(memberLoader, `/admin/members/${encodeURIComponent(id)}`, boss.cookie, { id }))).toBe(
        404,
      );
      expect(statusOf(await post(id, boss.cookie, { intent: "disable" }))).toBe(404);
    }
  });
});

describe("a member's page", () => {
  it("shows their trainings with where they stand, a payable one locked until it is opened", async () => {
    const boss = await admin();
    const marie = await verifiedMember({ email: "marie@example.com" });
    type File = { trainings: { slug: string; title: string; state: string; percent: number }[] };
    const file = async () =>
      dataOf<File>(await getAs(memberLoader, `/admin/members/${marie.memberId}`, boss.cookie, { id: marie.memberId }));
    const payable = (await file()).trainings.find((training) => training.slug === "tenir-le-cap");
    expect(payable).toMatchObject({ state: "locked", percent: 0 });
    expect((await file()).trainings.find((training) => training.slug === "capitaine")).toMatchObject({
      state: "not_started",
    });
    await grantByEmail(marie.email, "tenir-le-cap");
    expect((await file()).trainings.find((training) => training.slug === "tenir-le-cap")?.state).toBe("not_started");
  });
});

describe("payable trainings in the back office", () => {
  const payable = readTrainingFiles().find((file) => file.content.slug === "tenir-le-cap")!.content;

  async function seenBy(member: TestMember) {
    const list = await dataOf<{ trainings: { slug: string; state: string; percent: number }[] }>(
      await getAs(trainingsLoader, "/trainings", member.cookie),
    );
    const page = await dataOf<{ training: { state: string } }>(
      await getAs(trainingPageLoader, "/training/tenir-le-cap", member.cookie, { training_slug: "tenir-le-cap" }),
    );
    const listed = list.trainings.find((training) => training.slug === "tenir-le-cap")!;
    return { listed: listed.state, percent: listed.percent, page: page.training.state };
  }

  function readFirstPart(member: TestMember) {
    const module = payable.modules[0];
    return callWith(
      moduleAction,
      buildRequest(`/training/tenir-le-cap/modules/${module.slug}`, {
        form: { intent: "read", part: module.parts[0].slug },
        cookie: member.cookie,
      }),
      { params: { training_slug: "tenir-le-cap", module_slug: module.slug } },
    );
  }

  it("an admin opens a payable training and withdraws it; the member sees it open then locked, progress kept", async () => {
    const boss = await admin();
    const marie = await verifiedMember({ email: "marie@example.com" });
    expect(await seenBy(marie)).toMatchObject({ listed: "locked", page: "locked" });

    const granted = await post(marie.memberId, boss.cookie, { intent: "grantTraining", training: "tenir-le-cap" });
    expect(headerOf(granted, "Location")).toBe(`/admin/members/${marie.memberId}?saved=trainingGranted`);
    expect(await seenBy(marie)).toMatchObject({ listed: "not_started", page: "not_started" });
    await readFirstPart(marie);
    const reading = await seenBy(marie);
    expect(reading).toMatchObject({ listed: "in_progress", page: "in_progress" });

    const withdrawn = await post(marie.memberId, boss.cookie, { intent: "withdrawTraining", training: "tenir-le-cap" });
    expect(headerOf(withdrawn, "Location")).toBe(`/admin/members/${marie.memberId}?saved=trainingWithdrawn`);
    expect(await seenBy(marie)).toMatchObject({ listed: "locked", page: "locked" });
    expect(await db().select().from(partReads).where(eq(partReads.memberId, marie.memberId))).toHaveLength(1);

    // Opened again, the member finds where they were.
    await post(marie.memberId, boss.cookie, { intent: "grantTraining", training: "tenir-le-cap" });
    expect(await seenBy(marie)).toEqual(reading);

    const changes = (await auditActions()).filter((entry) => entry.action.startsWith("training."));
    const opened = {
      action: "training.granted",
      actorId: boss.memberId,
      before: { training: "tenir-le-cap", access: "none" },
      after: { training: "tenir-le-cap", access: "grant" },
    };
    expect(changes).toEqual([
      opened,
      {
        action: "training.withdrawn",
        actorId: boss.memberId,
        before: { training: "tenir-le-cap", access: "grant" },
        after: { training: "tenir-le-cap", access: "none" },
      },
      opened,
    ]);
  });

  it("granting twice, or withdrawing what is not held, changes nothing and writes no second event", async () => {
    const boss = await admin();
    const marie = await verifiedMember({ email: "marie@example.com" });
    const grant = { intent: "grantTraining", training: "tenir-le-cap" };
    for (const answer of await Promise.all([
      post(marie.memberId, boss.cookie, grant),
      post(marie.memberId, boss.cookie, grant),
    ])) {
      expect(headerOf(answer, "Location")).toBe(`/admin/members/${marie.memberId}?saved=trainingGranted`);
    }
    await post(marie.memberId, boss.cookie, { intent: "withdrawTraining", training: "tenir-le-cap" });
    await post(marie.memberId, boss.cookie, { intent: "withdrawTraining", training: "tenir-le-cap" });
    expect(
      (await auditActions()).map((entry) => entry.action).filter((action) => action.startsWith("training.")),
    ).toEqual(["training.granted", "training.withdrawn"]);
  });

  it("an access opened by a code is withdrawn too, audited with where it came from", async () => {
    const boss = await admin();
    const marie = await verifiedMember({ email: "marie@example.com" });
    await grantByEmail(marie.email, "tenir-le-cap");
    await db().update(entitlements).set({ source: "code" });
    await post(marie.memberId, boss.cookie, { intent: "withdrawTraining", training: "tenir-le-cap" });
    expect(await seenBy(marie)).toMatchObject({ listed: "locked" });
    const withdrawn = (await auditActions()).find((entry) => entry.action === "training.withdrawn");
    expect(withdrawn?.before).toEqual({ training: "tenir-le-cap", access: "code" });
  });

  it("npm run grant goes through the same service, audited as the command line", async () => {
    const marie = await verifiedMember({ email: "marie@example.com" });
    expect(await grantByEmail(marie.email, "capitaine")).toBe("noTraining");
    expect(await grantByEmail(marie.email, "tenir-le-cap")).toBe("granted");
    expect(await grantByEmail(marie.email, "tenir-le-cap")).toBe("granted");
    expect(await auditActions()).toEqual([
      {
        action: "training.granted",
        actorId: null,
        before: { training: "tenir-le-cap", access: "none" },
        after: { training: "tenir-le-cap", access: "grant" },
      },
    ]);
  });

  it("an unknown or free training, or none at all, gets a translated message and changes nothing", async () => {
    const boss = await admin();
    const marie = await verifiedMember({ email: "marie@example.com" });
    for (const form of [
      { intent: "grantTraining", training: "nope" },
      { intent: "grantTraining", training: "capitaine" },
      { intent: "withdrawTraining", training: "capitaine" },
      { intent: "grantTraining" },
    ] as Record<string, string>[]) {
      const refused = await post(marie.memberId, boss.cookie, form);
      expect([400, 422], JSON.stringify(form)).toContain(statusOf(refused));
      expect(JSON.stringify(await dataOf(refused))).toContain("errors.noTraining");
    }
    expect(await db().select().from(entitlements)).toEqual([]);
    expect((await auditActions()).filter((entry) => entry.actorId !== null)).toEqual([]);
    expect((await seenBy(marie)).listed).toBe("locked");
  });
});

describe("roles in the back office", () => {
  it("an admin grants and withdraws roles; each change is in the audit log with before and after", async () => {
    const boss = await admin();
    const marie = await verifiedMember({ email: "marie@example.com" });
    expect(headerOf(await post(marie.memberId, boss.cookie, { intent: "grant", role: "coach" }), "Location")).toBe(
      `/admin/members/${marie.memberId}?saved=granted`,
    );
    await post(marie.memberId, boss.cookie, { intent: "grant", role: "author" });
    await post(marie.memberId, boss.cookie, { intent: "withdraw", role: "coach" });
    expect(await rolesOf(marie.memberId)).toEqual(["author"]);
    const page = await dataOf<{ member: { roles: string[] } }>(
      await getAs(memberLoader, `/admin/members/${marie.memberId}`, boss.cookie, { id: marie.memberId }),
    );
    expect(page.member.roles).toEqual(["author"]);

    const changes = (await auditActions()).filter((entry) => entry.actorId === boss.memberId);
    expect(changes).toEqual([
      { action: "role.granted", actorId: boss.memberId, before: { roles: [] }, after: { roles: ["coach"] } },
      {
        action: "role.granted",
        actorId: boss.memberId,
        before: { roles: ["coach"] },
        after: { roles: ["coach", "author"] },
      },
      {
        action: "role.withdrawn",
        actorId: boss.memberId,
        before: { roles: ["coach", "author"] },
        after: { roles: ["author"] },
      },
    ]);
  });

  it("a role outside the list or an unknown intent is refused with a message, and changes nothing", async () => {
    const boss = await admin();
    const marie = await verifiedMember({ email: "marie@example.com" });
    const refused = await post(marie.memberId, boss.cookie, { intent: "grant", role: "superuser" });
    expect(statusOf(refused)).toBe(400);
    expect(JSON.stringify(await dataOf(refused))).toContain("admin:errors.roleInvalid");
    expect(statusOf(await post(marie.memberId, boss.cookie, { intent: "promote", role: "admin" }))).toBe(400);
    expect(await rolesOf(marie.memberId)).toEqual([]);
  });

  it("the last admin cannot be removed, even by two admins removing each other at once", async () => {
    const ada = await admin("ada@example.com");
    const refused = await post(ada.memberId, ada.cookie, { intent: "withdraw", role: "admin" });
    expect(statusOf(refused)).toBe(409);
    expect(JSON.stringify(await dataOf(refused))).toContain("errors.lastAdmin");
    expect(await rolesOf(ada.memberId)).toEqual(["admin"]);

    const bob = await admin("bob@example.com");
    // Each takes the other's role at the same moment: one of them must stay admin.
    const outcomes = await Promise.all([
      withdrawRole({ memberId: ada.memberId }, bob.memberId, "admin"),
      withdrawRole({ memberId: bob.memberId }, ada.memberId, "admin"),
    ]);
    expect(outcomes.map((outcome) => (outcome.ok ? "ok" : outcome.error)).sort()).toEqual(["lastAdmin", "ok"]);
    const admins = [...(await rolesOf(ada.memberId)), ...(await rolesOf(bob.memberId))];
    expect(admins).toEqual(["admin"]);
  });
});

describe("at least one active admin", () => {
  const stateApi = endpointAt("/api/admin/members/:id/state").action;
  const disable = (actor: TestMember, subject: TestMember) =>
    callApi(stateApi, `/api/admin/members/${subject.memberId}/state`, actor, {
      json: { state: "inactive" },
      params: { id: subject.memberId },
      lang: "fr",
    });

  it("remains when two admins disable each other at once, with a clear refusal to one of them", async () => {
    const ada = await admin("ada@example.com");
    const bob = await admin("bob@example.com");
    const answers = await Promise.all([disable(ada, bob), disable(bob, ada)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(JSON.stringify(await refused?.json())).toContain("C’est le dernier administrateur actif");
    const active = [await whoami(ada.token), await whoami(bob.token)].filter(Boolean);
    expect(active).toHaveLength(1);
  });

  it("counts active admins only: a disabled admin leaves the other one's role, account and state where they are", async () => {
    const ada = await admin("ada@example.com");
    const bob = await admin("bob@example.com");
    expect(await setAccountState(ada.memberId, bob.memberId, "inactive")).toEqual({ ok: true });
    // Bob still holds the role, but cannot sign in: Ada is the last active admin.
    expect(await withdrawRole({ memberId: null }, ada.memberId, "admin")).toEqual({ ok: false, error: "lastAdmin" });
    expect(await deleteMemberAccount(bob.memberId, ada.memberId)).toEqual({ ok: false, error: "lastAdmin" });
    expect(await setAccountState(bob.memberId, ada.memberId, "inactive")).toEqual({ ok: false, error: "lastAdmin" });
    expect(await rolesOf(ada.memberId)).toEqual(["admin"]);
    expect(await whoami(ada.token)).not.toBeNull();
    const audited = await db().select().from(auditEvents).where(eq(auditEvents.subjectId, ada.memberId));
    expect(audited.map((event) => event.action)).not.toContain("account.disabled");
  });
});

describe("accounts in the back office", () => {
  it("a disabled member cannot sign in (page and API) and their sessions end; re-enabled, they can again", async () => {
    const boss = await admin();
    const marie = await verifiedMember({ email: "marie@example.com" });
    const other = cookiePair(await signIn(marie.email), "token");

    const disabled = await post(marie.memberId, boss.cookie, { intent: "disable" });
    expect(headerOf(disabled, "Location")).toBe(`/admin/members/${marie.memberId}?saved=disabled`);
    expect(await whoami(marie.token)).toBeNull();
    expect(await whoami(await tokenOf(other))).toBeNull();
    expect(statusOf(await signIn(marie.email))).toBe(401);
    const api = await answerOf(
      loginApi({
        request: buildRequest("/api/dashboard/login", { json: { email: marie.email, password: PASSWORD } }),
        params: {},
        context: {},
      }),
    );
    expect(api.status).toBe(401);
    const page = await dataOf<{ member: { state: string; devices: number } }>(
      await getAs(memberLoader, `/admin/members/${marie.memberId}`, boss.cookie, { id: marie.memberId }),
    );
    expect(page.member).toMatchObject({ state: "inactive", devices: 0 });

    expect(headerOf(await post(marie.memberId, boss.cookie, { intent: "enable" }), "Location")).toBe(
      `/admin/members/${marie.memberId}?saved=enabled`,
    );
    expect(statusOf(await signIn(marie.email))).toBe(302);

    const changes = (await auditActions()).filter((entry) => entry.action.startsWith("account."));
    expect(changes).toEqual([
      { action: "account.disabled", actorId: boss.memberId, before: { state: "active" }, after: { state: "inactive" } },
      { action: "account.enabled", actorId: boss.memberId, before: { state: "inactive" }, after: { state: "active" } },
    ]);
  });

  it("an admin cannot disable their own account", async () => {
    const boss = await admin();
    const refused = await post(boss.memberId, boss.cookie, { intent: "disable" });
    expect(statusOf(refused)).toBe(409);
    expect(JSON.stringify(await dataOf(refused))).toContain("errors.ownAccount");
    expect(await whoami(boss.token)).not.toBeNull();
  });

  it("signs a member out of every device, audited with how many there were", async () => {
    const boss = await admin();
    const marie = await verifiedMember({ email: "marie@example.com" });
    const other = cookiePair(await signIn(marie.email), "token");
    const before = await dataOf<{ member: { devices: number } }>(
      await getAs(memberLoader, `/admin/members/${marie.memberId}`, boss.cookie, { id: marie.memberId }),
    );
    expect(before.member.devices).toBe(2);

    const answer = await post(marie.memberId, boss.cookie, { intent: "signOutEverywhere" });
    expect(headerOf(answer, "Location")).toBe(`/admin/members/${marie.memberId}?saved=signedOut`);
    expect(await whoami(marie.token)).toBeNull();
    expect(await whoami(await tokenOf(other))).toBeNull();
    expect(await whoami(boss.token)).not.toBeNull();
    // Not disabled: the member signs in again.
    expect(statusOf(await signIn(marie.email))).toBe(302);
    expect((await auditActions()).at(-1)).toEqual({
      action: "account.signedOutEverywhere",
      actorId: boss.memberId,
      before: { devices: 2 },
      after: { devices: 0 },
    });
  });
});

describe("the audit log page", () => {
  it("shows the changes newest first, paged, and filtered by person (name, address or member link)", async () => {
    const boss = await admin();
    const marie = await namedMember("marie@example.com", "Marie Curie");
    const paul = await namedMember("paul@example.com", "Paul Langevin");
    for (let i = 0; i < 11; i++) {
      await post(marie.memberId, boss.cookie, { intent: i % 2 === 0 ? "grant" : "withdraw", role: "coach" });
    }
    await post(paul.memberId, boss.cookie, { intent: "grant", role: "author" });
    type Log = {
      entries: { subjectName: string; action: string; actorName: string | null }[];
      page: { page: number; pages: number };
    };

    // 11 changes of Marie's, 1 of Paul's, and the ADMIN grant of the boss (no actor): 13.
    const first = await dataOf<Log>(await getAs(auditLoader, "/admin/audit", boss.cookie));
    expect(first.page).toEqual({ page: 1, pages: 1 });
    expect(first.entries).toHaveLength(13);
    expect(first.entries[0]).toMatchObject({ subjectName: "Paul Langevin", action: "role.granted" });
    expect(first.entries.at(-1)).toMatchObject({ actorName: null });

    const byName = await dataOf<Log>(await getAs(auditLoader, "/admin/audit?person=langevin", boss.cookie));
    expect(byName.entries.map((entry) => entry.subjectName)).toEqual(["Paul Langevin"]);
    const byAddress = await dataOf<Log>(await getAs(auditLoader, "/admin/audit?person=marie@example.com", boss.cookie));
    expect(byAddress.entries).toHaveLength(11);
    const byLink = await dataOf<Log>(await getAs(auditLoader, `/admin/audit?member=${paul.memberId}`, boss.cookie));
    expect(byLink.entries).toHaveLength(1);
    const nobody = await dataOf<Log>(await getAs(auditLoader, "/admin/audit?person=nobody", boss.cookie));
    expect(nobody.entries).toEqual([]);
    // The actor's filter: everything the boss did, and the grant they underwent.
    const byActor = await dataOf<Log>(await getAs(auditLoader, "/admin/audit?person=ada@example.com", boss.cookie));
    expect(byActor.entries).toHaveLength(13);
  });
});

describe("an admin's reading of a member's file", () => {
  it("is audited, on the page and through the API, once in ten minutes for one admin and one member", async () => {
    const boss = await admin("reader@example.com");
    const marie = await namedMember("marie.read@example.com", "Marie Lu");
    const readings = async () =>
      (await db().select().from(auditEvents).where(eq(auditEvents.action, "account.viewed"))).map((row) => ({
        actorId: row.actorId,
        subjectId: row.subjectId,
      }));
    const page = () => getAs(memberLoader, `/admin/members/${marie.memberId}`, boss.cookie, { id: marie.memberId });
    expect(statusOf(await page())).toBe(200);
    expect(statusOf(await page())).toBe(200);
    const api = await callApi(
      endpointAt("/api/admin/members/:id").loader,
      `/api/admin/members/${marie.memberId}`,
      boss,
      {
        params: { id: marie.memberId },
      },
    );
    expect(statusOf(api)).toBe(200);
    expect(await readings()).toEqual([{ actorId: boss.memberId, subjectId: marie.memberId }]);
    // The audit page names it in words.
    const audit = await getAs(auditLoader, "/admin/audit", boss.cookie);
    expect(JSON.stringify(await dataOf(audit))).toContain("account.viewed");
  });
});
