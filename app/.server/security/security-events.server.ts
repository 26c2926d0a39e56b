import { desc, eq } from "drizzle-orm";
import { DEFAULT_TIME_ZONE } from "~/.server/calendar/days.server";
import { isTimeZone } from "~/.server/calendar/time-zones.server";
import { db, type Executor } from "~/.server/db/client.server";
import { appUsers, securityEventReports, securityEvents } from "~/.server/db/schema.server";
import type { Client } from "~/.server/http/client.server";
import { identity } from "~/.server/identity/identity-service.server";
import { queueMail } from "~/.server/mail/outbox.server";
import { describeDevice } from "~/.server/http/user-agent.server";
import { trySlots } from "~/.server/rate-limit/rate-limit.server";
import { randomToken, sha256 } from "~/.server/secrets/tokens.server";
import { isLanguage, type Language } from "~/i18n/config";
import type { SecurityEventKind } from "./kinds.server";
import { securityEventWhen, securityNoticeMail } from "./mail-templates.server";

/**
 * Security events are written in the transaction of the change itself, so a change is never kept
 * without its event.
 */
export type { SecurityEventKind };

/** The device, as its browser named itself: at most this many characters are kept. */
const USER_AGENT_MAX = 512;

/**
 * At most one notice per member and kind in this window: whoever repeats a change (or a lockout)
 * cannot flood the member's inbox. The events are all recorded and listed on the profile.
 */
export const NOTICE_WINDOW_MS = 10 * 60 * 1000;

/** Attempts that were stopped: no session to end, so no "this wasn't me" link. */
const NOBODY_GOT_IN: SecurityEventKind[] = ["signIn.lockedOut", "twoFactor.wrongCodes"];

/** How long a notice's "this wasn't me" link works. */
export const NOT_ME_LINK_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Records the event and, in the same transaction, queues its notice to the member's address (in
 * their language, dates in their zone), each notice with its own "this wasn't me" link.
 */
export async function recordSecurityEvent(
  tx: Executor,
  memberId: string,
  kind: SecurityEventKind,
  client: Client,
): Promise<void> {
  await record(tx, memberId, kind, client, null);
}

/**
 * An email change, once the new address is the account's: the notice goes to the new address and
 * to the former one, which is the one an attacker would have taken away.
 */
export async function recordEmailChange(
  tx: Executor,
  memberId: string,
  client: Client,
  formerAddress: string,
): Promise<void> {
  await record(tx, memberId, "email.changed", client, formerAddress);
}

async function record(
  tx: Executor,
  memberId: string,
  kind: SecurityEventKind,
  client: Client,
  formerAddress: string | null,
) {
  const userAgent = client.userAgent?.slice(0, USER_AGENT_MAX) ?? null;
  const [event] = await tx
    .insert(securityEvents)
    .values({ memberId, kind, userAgent, ip: client.ip })
    .returning({ id: securityEvents.id, createdAt: securityEvents.createdAt });
  const [member] = await tx
    .select({
      identityId: appUsers.identityId,
      firstname: appUsers.firstname,
      lang: appUsers.lang,
      timeZone: appUsers.timeZone,
    })
    .from(appUsers)
    .where(eq(appUsers.id, memberId));
  if (!member) return;
  const notice = { bucket: "security-notice", key: `${memberId} ${kind}`, max: 1, windowMs: NOTICE_WINDOW_MS };
  if (!(await trySlots([notice], tx)).ok) return;
  const address = await identity().emailOf(member.identityId, tx);
  const recipients = [address, formerAddress].filter((to): to is string => Boolean(to));
  const lang: Language = isLanguage(member.lang) ? member.lang : "fr";
  for (const to of recipients) {
    await queueMail(
      tx,
      securityNoticeMail(lang, to, {
        kind,
        firstname: member.firstname,
        at: event.createdAt.toISOString(),
        timeZone: member.timeZone && isTimeZone(member.timeZone) ? member.timeZone : DEFAULT_TIME_ZONE,
        ...describeDevice(userAgent),
        // A lockout or wrong codes are nobody's way in: their notice links to a new password instead.
        notMeLink: NOBODY_GOT_IN.includes(kind) ? null : await notMeLink(tx, memberId, event.id),
        ...(kind === "email.changed" && address ? { newEmail: address } : {}),
      }),
    );
  }
}

/** A fresh single-use link for the event; only its hash is kept. */
async function notMeLink(tx: Executor, memberId: string, eventId: number): Promise<string> {
  const token = randomToken();
  await tx.insert(securityEventReports).values({
    eventId,
    memberId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + NOT_ME_LINK_DAYS * DAY_MS),
  });
  return `/security/not-me?token=${token}`;
}

/** How many events the profile's security section lists. */
export const SECURITY_EVENTS_LISTED = 20;

export type SecurityEventView = {
  id: number;
  kind: SecurityEventKind;
  /** An ISO instant, and the same in words in the member's language and zone. */
  at: string;
  when: string;
  browser: string | null;
  system: string | null;
};

/** The member's last events, newest first: theirs only. */
export async function recentSecurityEvents(
  member: { id: string; time_zone: string },
  lang: Language,
): Promise<SecurityEventView[]> {
  const rows = await db()
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.memberId, member.id))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(SECURITY_EVENTS_LISTED);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as SecurityEventKind,
    at: row.createdAt.toISOString(),
    when: securityEventWhen(lang, row.createdAt, member.time_zone),
    ...describeDevice(row.userAgent),
  }));
}
