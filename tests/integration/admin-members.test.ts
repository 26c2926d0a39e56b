import type { LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deleteMemberAccount } from "~/.server/admin/member-account.server";
import { db } from "~/.server/db/client.server";
import { appUsers, auditEvents, coachingBookings } from "~/.server/db/schema.server";
import { identity } from "~/.server/identity/identity-service.server";
import { loader as membersLoader } from "~/routes/_default.admin.members._index";
import { action as memberAction, loader as memberLoader } from "~/routes/_default.admin.members.$id/route";
import { action as deleteAction, loader as deleteLoader } from "~/routes/_default.admin.members.$id_.delete";
import { action as verificationAction } from "~/routes/_home.account_verification";
import { mailsTo, registerMember, type TestMember, verifiedMember } from "../support/accounts";
import { bookClaireAt, claireSlots, coachMember } from "../support/coaches";
import { buildRequest, callWith, dataOf, getAs, headerOf, postAs, statusOf } from "../support/http";
import { adminMember } from "../support/roles";

/**
 * Issue 24 item 7 (the member's page, second part): resend verification, delete an account after a
 * confirmation page, the member's coaching sessions, and a search by part of an address. Only admins:
 * a plain member and a coach get the 404 of an unknown path.
 */
type Routed = (args: LoaderFunctionArgs) => unknown;
const DAY = 24 * 60 * 60 * 1000;

const post = (action: Routed, path: string, id: string, cookie: string, form: Record<string, string>) =>
  postAs(action, path, cookie, form, { id });

const postMember = (id: string, cookie: string, form: Record<string, string>) =>
  post(memberAction, `/admin/members/${id}`, id, cookie, form);

const postDelete = (id: string, cookie: string, form: Record<string, string> = { intent: "delete" }) =>
  post(deleteAction, `/admin/members/${id}/delete`, id, cookie, form);

async function actions() {
  const rows = await db().select().from(auditEvents).orderBy(auditEvents.id);
  return rows.map((row) => ({ action: row.action, actorId: row.actorId, subject: row.subjectName }));
}

/** The member books Claire's first free slot from three days on. */
async function bookClaire(member: TestMember) {
  const [slot] = await claireSlots();
  const answer = await bookClaireAt(member, slot.start);
  expect(statusOf(answer)).toBeLessThan(400);
}

describe("the member page's new actions refuse whoever is not an admin", () => {
  it("a plain member and a coach get 404 from the delete page and its action, and from resend; nothing changes", async () => {
    const plain = await verifiedMember({ email: "plain@example.com" });
    const coach = await coachMember({ email: "coach@example.com" });
    const target = await registerMember({ email: "target@example.com" });
    const mailsBefore = (await mailsTo(target.email)).length;
    for (const visitor of [plain, coach]) {
      expect(
        statusOf(
          await getAs(deleteLoader, `/admin/members/${target.memberId}/delete`, visitor.cookie, {
            id: target.memberId,
          }),
        ),
      ).toBe(404);
      expect(statusOf(await postDelete(target.memberId, visitor.cookie))).toBe(404);
      expect(statusOf(await postMember(target.memberId, visitor.cookie, { intent: "resendVerification" }))).toBe(404);
    }
    expect(await identity().find(target.identityId)).not.toBeNull();
    expect(await mailsTo(target.email)).toHaveLength(mailsBefore);
    expect(await actions()).toEqual([{ action: "role.granted", actorId: null, subject: expect.any(String) }]);
  });
});

describe("search by part of an address", () => {
  it("finds a member by part of their address (embedded store) and shows each address in the list", async () => {
    const boss = await adminMember();
    const irene = await verifiedMember({
      email: "irene.joliot@example.com",
      first: { firstName: "Irène", lastName: "Joliot" },
    });
    type Listing = { members: { id: string; email: string | null }[] };
    const whole = await dataOf<Listing>(
      await getAs(membersLoader, "/admin/members?q=IRENE.joliot@example.com", boss.cookie),
    );
    expect(whole.members).toEqual([expect.objectContaining({ id: irene.memberId, email: "irene.joliot@example.com" })]);
    const part = await dataOf<Listing>(await getAs(membersLoader, "/admin/members?q=joliot%40exa", boss.cookie));
    if (identity().kind === "embedded") {
      expect(part.members.map((member) => member.id)).toEqual([irene.memberId]);
    } else {
      // Kratos finds an identity by its whole identifier only (credentials_identifier).
      expect(part.members).toEqual([]);
    }
    const wildcard = await dataOf<Listing>(await getAs(membersLoader, "/admin/members?q=_%25%40", boss.cookie));
    expect(wildcard.members).toEqual([]);
    const everyone = await dataOf<Listing>(await getAs(membersLoader, "/admin/members", boss.cookie));
    expect(everyone.members.map((member) => member.email).sort()).toEqual([
      "ada@example.com",
      "irene.joliot@example.com",
    ]);
  });
});

describe("resend verification", () => {
  it("sends a new code to an unverified address, audited; counted with the member's own resends", async () => {
    const boss = await adminMember();
    const newcomer = await registerMember({ email: "newcomer@example.com" });
    const page = await dataOf<{ member: { verified: boolean } }>(
      await getAs(memberLoader, `/admin/members/${newcomer.memberId}`, boss.cookie, { id: newcomer.memberId }),
    );
    expect(page.member.verified).toBe(false);
    const before = (await mailsTo(newcomer.email)).length;
    const sent = await postMember(newcomer.memberId, boss.cookie, { intent: "resendVerification" });
    expect(statusOf(sent)).toBe(303);
    expect(headerOf(sent, "Location")).toBe(`/admin/members/${newcomer.memberId}?saved=verificationSent`);
    expect(await mailsTo(newcomer.email)).toHaveLength(before + 1);
    expect((await actions()).at(-1)).toEqual({
      action: "account.verificationResent",
      actorId: boss.memberId,
      subject: "Marie Curie",
    });
    // The member's own resend and the admin's share the limit: three in 15 minutes.
    const own = await callWith(
      verificationAction,
      buildRequest("/account_verification", { form: { intent: "resend" }, cookie: newcomer.cookie }),
    );
    expect(statusOf(own)).toBeLessThan(400);
    expect(statusOf(await postMember(newcomer.memberId, boss.cookie, { intent: "resendVerification" }))).toBe(303);
    const refused = await postMember(newcomer.memberId, boss.cookie, { intent: "resendVerification" });
    expect(statusOf(refused)).toBe(429);
    expect(JSON.stringify(await dataOf(refused))).toContain("errors.tooManyResends");
  });

  it("a verified address is refused with a message, nothing sent", async () => {
    const boss = await adminMember();
    const done = await verifiedMember({ email: "done@example.com" });
    const before = (await mailsTo(done.email)).length;
    const refused = await postMember(done.memberId, boss.cookie, { intent: "resendVerification" });
    expect(statusOf(refused)).toBe(409);
    expect(JSON.stringify(await dataOf(refused))).toContain("errors.alreadyVerified");
    expect(await mailsTo(done.email)).toHaveLength(before);
  });
});

describe("a member's coaching sessions on their page", () => {
  it("lists the upcoming ones and the past and cancelled ones with coach and status, paged", async () => {
    const boss = await adminMember();
    const member = await verifiedMember({ email: "booker@example.com" });
    await bookClaire(member);
    const [booked] = await db().select().from(coachingBookings).where(eq(coachingBookings.memberId, member.memberId));
    // Twelve past sessions, written directly (the past cannot be booked): two pages of ten.
    await db()
      .insert(coachingBookings)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          ...booked,
          id: crypto.randomUUID(),
          startsAt: new Date(Date.now() - (i + 2) * DAY),
          endsAt: new Date(Date.now() - (i + 2) * DAY + 30 * 60 * 1000),
          blockedUntil: new Date(Date.now() - (i + 2) * DAY + 45 * 60 * 1000),
          coachTokenHash: `past-${i}`,
          status: i === 0 ? ("cancelled" as const) : ("confirmed" as const),
          cancelledBy: i === 0 ? ("coach" as const) : null,
        })),
      );
    type Page = {
      sessions: {
        upcoming: { id: string; coach: { name: string }; status: string }[];
        past: { status: string; cancelledBy: string | null }[];
        page: { page: number; pages: number };
      };
    };
    const first = await dataOf<Page>(
      await getAs(memberLoader, `/admin/members/${member.memberId}`, boss.cookie, { id: member.memberId }),
    );
    expect(first.sessions.upcoming).toEqual([
      expect.objectContaining({
        id: booked.id,
        coach: expect.objectContaining({ name: "Claire Moreau" }),
        status: "upcoming",
      }),
    ]);
    expect(first.sessions.past).toHaveLength(10);
    expect(first.sessions.past[0]).toEqual(expect.objectContaining({ status: "cancelled", cancelledBy: "coach" }));
    expect(first.sessions.past[1].status).toBe("held");
    expect(first.sessions.page).toEqual({ page: 1, pages: 2 });
    const second = await dataOf<Page>(
      await getAs(memberLoader, `/admin/members/${member.memberId}?sessions=2`, boss.cookie, { id: member.memberId }),
    );
    expect(second.sessions.past).toHaveLength(2);
    const beyond = await dataOf<Page>(
      await getAs(memberLoader, `/admin/members/${member.memberId}?sessions=99999999999`, boss.cookie, {
        id: member.memberId,
      }),
    );
    expect(beyond.sessions.page.page).toBe(1);
  });
});

describe("deleting an account", () => {
  it("after the confirmation page: the account goes as in self-service, its upcoming session is cancelled and the coach told, audited with the name", async () => {
    const boss = await adminMember();
    const member = await verifiedMember({
      email: "leaving@example.com",
      first: { firstName: "Léa", lastName: "Départ" },
    });
    await bookClaire(member);
    const confirm = await dataOf<{ member: { name: string }; upcoming: number; own: boolean }>(
      await getAs(deleteLoader, `/admin/members/${member.memberId}/delete`, boss.cookie, { id: member.memberId }),
    );
    expect(confirm).toEqual(expect.objectContaining({ upcoming: 1, own: false }));
    expect(confirm.member.name).toBe("Léa Départ");
    const claireMailsBefore = new Set((await mailsTo("claire.moreau@coachs.cap.example")).map((mail) => mail.id));

    const done = await postDelete(member.memberId, boss.cookie);
    expect(statusOf(done)).toBe(303);
    expect(headerOf(done, "Location")).toBe("/admin/members?saved=deleted");
    expect(await identity().find(member.identityId)).toBeNull();
    expect(await db().select().from(appUsers).where(eq(appUsers.id, member.memberId))).toEqual([]);
    expect(await db().select().from(coachingBookings).where(eq(coachingBookings.memberId, member.memberId))).toEqual(
      [],
    );
    // The coach is told of the cancelled session (their reminder withdrawn); the member's own mail is gone.
    const claireMails = await mailsTo("claire.moreau@coachs.cap.example");
    const told = claireMails.filter((mail) => !claireMailsBefore.has(mail.id));
    expect(told).toHaveLength(1);
    expect(told[0].subject).toMatch(/annul/i);
    expect(await mailsTo(member.email)).toEqual([]);
    expect((await actions()).at(-1)).toEqual({
      action: "member.deleted",
      actorId: boss.memberId,
      subject: "Léa Départ",
    });
    // Gone: the page and the action are the 404 of an unknown member.
    expect(
      statusOf(
        await getAs(deleteLoader, `/admin/members/${member.memberId}/delete`, boss.cookie, { id: member.memberId }),
      ),
    ).toBe(404);
    expect(statusOf(await postDelete(member.memberId, boss.cookie))).toBe(404);
  });

  it("an admin cannot delete their own account here, nor the last admin; an unknown intent changes nothing", async () => {
    const boss = await adminMember();
    const page = await dataOf<{ own: boolean }>(
      await getAs(deleteLoader, `/admin/members/${boss.memberId}/delete`, boss.cookie, { id: boss.memberId }),
    );
    expect(page.own).toBe(true);
    const own = await postDelete(boss.memberId, boss.cookie);
    expect(statusOf(own)).toBe(409);
    expect(JSON.stringify(await dataOf(own))).toContain("errors.ownDeletion");
    const other = await verifiedMember({ email: "other@example.com" });
    expect(statusOf(await postDelete(other.memberId, boss.cookie, { intent: "nope" }))).toBe(400);
    expect(statusOf(await postDelete(other.memberId, boss.cookie, {}))).toBe(400);
    // The last admin (an actor who is not one: the service's own guard, under the admins' lock).
    expect(await deleteMemberAccount(other.memberId, boss.memberId)).toEqual({ ok: false, error: "lastAdmin" });
    expect(await identity().find(boss.identityId)).not.toBeNull();
    expect(await identity().find(other.identityId)).not.toBeNull();
    expect((await actions()).map((entry) => entry.action)).toEqual(["role.granted"]);
  });
});
