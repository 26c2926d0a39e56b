import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { sharedPageVersions } from "~/.server/db/page-versions.server";
import { commitments, memberVersions, rateLimitEvents, sessions } from "~/.server/db/schema.server";
import { identity } from "~/.server/identity/identity-service.server";
import { verifiedMember } from "../support/accounts";

/**
 * The versions the member pages' render cache keys on (migration 0029): a member's own, raised by
 * writes to that member's rows and by nothing else, and each shared subject's, raised by what the
 * staff and authors change. Every table is classified: its writes reach the versions of the pages
 * that read it, or no kept page reads it.
 */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Tables no kept page reads: their writes raise no version. Each says why. */
const READ_BY_NO_KEPT_PAGE: Record<string, string> = {
  rate_limit_events: "counted on posts, never shown",
  mail_outbox: "the sender's queue (the development mailbox is no member page)",
  registration_drafts: "the registration page's, for visitors without a session",
  audit_events: "the back office's log, whose pages are never kept",
  member_versions: "the versions themselves",
  subject_versions: "the versions themselves",
  receipt_counter: "the last receipt number, shown only on the receipt it went to",
};

async function memberVersion(memberId: string): Promise<number> {
  const [row] = await db()
    .select({ version: memberVersions.version })
    .from(memberVersions)
    .where(eq(memberVersions.memberId, memberId));
  return row?.version ?? 0;
}
const subjectVersion = async (subject: string) => Number((await sharedPageVersions())[subject] ?? 0);

describe("the page versions", () => {
  it("follow every table a kept page reads, and only those: a new table must say which", async () => {
    const tables = rowsOf<{ table: string; triggers: string[] }>(
      await db().execute(sql`
        select c.relname as "table",
          array_remove(array_agg(t.tgname::text order by t.tgname), null) as "triggers"
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
        left join pg_trigger t on t.tgrelid = c.oid and t.tgname like 'page_versions%'
        where c.relkind in ('r', 'p')
        group by c.relname`),
    );
    expect(tables.length).toBeGreaterThan(40);
    const following = ["page_versions_note", "page_versions_raise", "page_versions_truncated"];
    // A table whose writes would reach no page that reads it: classify it in its migration
    // (page_versions_follow, 0029 shows how: whose member, or which subject) or, if no kept page
    // reads it, in READ_BY_NO_KEPT_PAGE above.
    const unclassified = tables
      .filter((t) => !(t.table in READ_BY_NO_KEPT_PAGE) && following.some((name) => !t.triggers.includes(name)))
      .map((t) => t.table);
    expect(unclassified).toEqual([]);
    // A table listed as read by none raises nothing, and exists.
    const listed = tables.filter((t) => t.table in READ_BY_NO_KEPT_PAGE);
    expect(listed.map((t) => t.table).sort()).toEqual(Object.keys(READ_BY_NO_KEPT_PAGE).sort());
    for (const t of listed) expect(t.triggers).toEqual([]);
  });

  it("raise a member's version once per transaction that wrote their rows, and no other member's", async () => {
    const ana = await verifiedMember({ email: "ana@example.com" });
    const bruno = await verifiedMember({ email: "bruno@example.com" });
    const [anaStart, brunoStart, catalogueStart] = [
      await memberVersion(ana.memberId),
      await memberVersion(bruno.memberId),
      await subjectVersion("catalogue"),
    ];

    // Three rows of Ana's, and one under one of hers (a day of a recurring commitment): one raise.
    await db().transaction(async (tx) => {
      const [made] = await tx
        .insert(commitments)
        .values([
          { memberId: ana.memberId, title: "Lire", repeatEveryDays: 1, startsOn: "2026-01-01" },
          { memberId: ana.memberId, title: "Courir" },
        ])
        .returning({ id: commitments.id });
      await tx.execute(sql`insert into commitment_occurrences (commitment_id, day) values (${made.id}, '2026-01-02')`);
      await tx.update(commitments).set({ title: "Lire un chapitre" }).where(eq(commitments.id, made.id));
    });
    expect(await memberVersion(ana.memberId)).toBe(anaStart + 1);
    expect(await memberVersion(bruno.memberId)).toBe(brunoStart);
    expect(await subjectVersion("catalogue")).toBe(catalogueStart);

    // A row under hers alone (a day ticked) reaches her through its parent.
    const [commitment] = await db()
      .select({ id: commitments.id })
      .from(commitments)
      .where(eq(commitments.title, "Lire un chapitre"));
    await db().execute(sql`delete from commitment_occurrences where commitment_id = ${commitment.id}`);
    expect(await memberVersion(ana.memberId)).toBe(anaStart + 2);

    // Her identity's rows are hers (the profile shows her devices).
    await db().update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.identityId, ana.identityId));
    expect(await memberVersion(ana.memberId)).toBe(anaStart + 3);

    // A rollback raises nothing; a table no kept page reads raises nothing.
    await db()
      .transaction(async (tx) => {
        await tx.insert(commitments).values({ memberId: bruno.memberId, title: "Nager" });
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    await db().insert(rateLimitEvents).values({ bucket: "login-pair", key: "a" });
    expect(await memberVersion(bruno.memberId)).toBe(brunoStart);
    expect(await memberVersion(ana.memberId)).toBe(anaStart + 3);
  });

  it("reach the members whose pages show a row of another's: a crew's owner, an invitation's addressee", async () => {
    const ana = await verifiedMember({ email: "ana@example.com" });
    const bruno = await verifiedMember({ email: "bruno@example.com" });
    await db().execute(sql`
      insert into crew_members (member_id, name, email, relation, joined_member_id)
      values (${ana.memberId}, 'Bruno', 'bruno@example.com', 'friend', ${bruno.memberId})`);
    const [anaStart, brunoStart] = [await memberVersion(ana.memberId), await memberVersion(bruno.memberId)];
    // Bruno's name and photo show on the crew he joined: Ana's.
    await db().execute(sql`update app_users set lastname = 'Autre' where id = ${bruno.memberId}`);
    expect(await memberVersion(bruno.memberId)).toBe(brunoStart + 1);
    expect(await memberVersion(ana.memberId)).toBe(anaStart + 1);
    // An invitation to his address is on his invitations page.
    const carla = await verifiedMember({ email: "carla@example.com" });
    const carlaStart = await memberVersion(carla.memberId);
    await db().execute(sql`insert into invitations (inviter_id, email) values (${ana.memberId}, 'carla@example.com')`);
    expect(await memberVersion(carla.memberId)).toBe(carlaStart + 1);
    expect(await memberVersion(bruno.memberId)).toBe(brunoStart + 1);
  });

  it("raise a shared subject's by what the staff and authors change, a coach's bookings by a session, everything by a table emptied", async () => {
    const ana = await verifiedMember({ email: "ana@example.com" });
    const anaStart = await memberVersion(ana.memberId);
    const [catalogue, coaches, legal] = [
      await subjectVersion("catalogue"),
      await subjectVersion("coaches"),
      await subjectVersion("legal"),
    ];
    await db().execute(sql`update trainings set position = position where slug = (select min(slug) from trainings)`);
    expect(await subjectVersion("catalogue")).toBe(catalogue + 1);
    const [coach] = rowsOf<{ id: string }>(await db().execute(sql`select id from coaches order by position limit 1`));
    await db().execute(sql`update coaches set bio = bio where id = ${coach.id}`);
    expect(await subjectVersion("coaches")).toBe(coaches + 1);
    expect(await subjectVersion("legal")).toBe(legal);
    expect(await memberVersion(ana.memberId)).toBe(anaStart);

    // A session is its member's and its coach's bookings'.
    const bookings = await subjectVersion(`bookings:${coach.id}`);
    await db().execute(sql`
      insert into coaching_bookings (member_id, coach_id, starts_at, ends_at, blocked_until, time_zone, meeting_url, coach_token_hash)
      values (${ana.memberId}, ${coach.id}, now() + interval '3 days', now() + interval '3 days 30 minutes',
        now() + interval '3 days 40 minutes', 'Europe/Paris', 'https://meet.example/x', 'hash-of-a-token')`);
    expect(await subjectVersion(`bookings:${coach.id}`)).toBe(bookings + 1);
    expect(await memberVersion(ana.memberId)).toBe(anaStart + 1);

    const everything = await subjectVersion("everything");
    await db().execute(sql`truncate rate_limit_events, weather_checkins`);
    expect(await subjectVersion("everything")).toBeGreaterThan(everything);
  });

  it("are read with the session, in one statement: its member's own and the shared subjects'", async () => {
    const ana = await verifiedMember({ email: "ana@example.com" });
    const versions = await identity().pageVersions(ana.token);
    expect(versions?.member).toBe(String(await memberVersion(ana.memberId)));
    expect(versions?.catalogue).toBe(String(await subjectVersion("catalogue")));
    expect(await identity().pageVersions("no-such-token")).toBeNull();
  });
});
