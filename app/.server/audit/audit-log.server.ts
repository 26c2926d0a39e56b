import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { db, type Executor } from "~/.server/db/client.server";
import { appUsers, auditEvents } from "~/.server/db/schema.server";
import { type PageRequest, settlePage, type Page } from "~/.server/paging/paging.server";

/**
 * The back office's audit log: every change an admin (or the command line) makes,
 * written through the transaction of the change itself, so a change is never kept without its
 * entry nor an entry without its change — and an admin's reading of a member's file, which shows
 * their devices and sessions.
 */

export type AuditAction =
  | "role.granted"
  | "role.withdrawn"
  | "account.disabled"
  | "account.enabled"
  | "account.signedOutEverywhere"
  | "account.verificationResent"
  | "account.twoFactorRemoved"
  | "account.viewed"
  | "member.deleted"
  | "training.granted"
  | "training.withdrawn"
  | "training.published"
  | "training.reverted"
  | "training.created"
  | "training.imported"
  | "training.retired"
  | "training.restored"
  | "coach.hours.changed"
  | "coach.profile.changed"
  | "coach.retired"
  | "coach.session.moved"
  | "coach.session.cancelled"
  | "coach.timeOff.added"
  | "coach.timeOff.removed"
  | "access_code.created"
  | "access_code.disabled"
  | "access_code.enabled"
  | "legal.published"
  | "legal.publisher.changed"
  | "payment.priced"
  | "payment.flagged"
  | "payment.refundAsked"
  | "payment.refunded";

export type AuditEntry = {
  /** Who made the change: a member's id, or null for the command line and ADMIN_EMAILS. */
  actorId: string | null;
  /** The member concerned and their name; null when the subject is no member (a coach without an account, an access code: its name is the code). */
  subject: { id: string | null; name: string };
  action: AuditAction;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

export async function recordChange(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    actorId: entry.actorId,
    subjectId: entry.subject.id,
    subjectName: entry.subject.name,
    action: entry.action,
    before: entry.before,
    after: entry.after,
  });
}

export type AuditLine = {
  id: number;
  at: string;
  actorId: string | null;
  /** The actor's name today; null for the command line, or an actor since deleted. */
  actorName: string | null;
  subjectId: string | null;
  subjectName: string;
  action: string;
  before: string;
  after: string;
};

export const AUDIT_PAGE_SIZE = 20;

/** A page of the log, newest first; `people` (member ids) keeps the entries they made or were the subject of. */
export async function auditPage(
  request: PageRequest,
  people: string[] | null,
  options: { settle: boolean } = { settle: true },
): Promise<{ items: AuditLine[]; page: Page }> {
  const about =
    people === null
      ? undefined
      : people.length === 0
        ? sql`false`
        : or(inArray(auditEvents.actorId, people), inArray(auditEvents.subjectId, people));
  const [{ total }] = await db().select({ total: sql<number>`count(*)::int` }).from(auditEvents).where(about);
  // The API passes settle: false (a page past the end is an empty list there).
  const page = options.settle
    ? settlePage(request, total)
    : { ...settlePage(request, total), page: request.page, offset: (request.page - 1) * request.limit };
  const rows = await db()
    .select({
      event: auditEvents,
      actorFirst: appUsers.firstname,
      actorLast: appUsers.lastname,
    })
    .from(auditEvents)
    .leftJoin(appUsers, eq(appUsers.id, auditEvents.actorId))
    .where(and(about))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    page,
    items: rows.map(({ event, actorFirst, actorLast }) => ({
      id: event.id,
      at: event.createdAt.toISOString(),
      actorId: event.actorId,
      actorName: actorFirst === null ? null : `${actorFirst} ${actorLast}`,
      subjectId: event.subjectId,
      subjectName: event.subjectName,
      action: event.action,
      before: event.before === null ? "" : JSON.stringify(event.before),
      after: event.after === null ? "" : JSON.stringify(event.after),
    })),
  };
}

/** A reload or a page of sessions within this long after a reading adds no line of its own. */
const READING_QUIET_MS = 10 * 60 * 1000;

/** `actorId` read the file of `subject` (their devices and coaching sessions): logged once in a while. */
export async function recordReading(actorId: string, subject: { id: string; name: string }, now = new Date()) {
  const since = new Date(now.getTime() - READING_QUIET_MS);
  const [recent] = await db()
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, "account.viewed"),
        eq(auditEvents.actorId, actorId),
        eq(auditEvents.subjectId, subject.id),
        sql`${auditEvents.createdAt} > ${since.toISOString()}`,
      ),
    )
    .limit(1);
  if (recent) return;
  await recordChange(db(), { actorId, subject, action: "account.viewed", before: null, after: null });
}
