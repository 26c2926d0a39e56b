import { and, eq, isNull, lt } from "drizzle-orm";
import { requestRecovery } from "~/.server/accounts/recovery.server";
import { db } from "~/.server/db/client.server";
import type { Client } from "~/.server/http/client.server";
import { appUsers, securityEventReports } from "~/.server/db/schema.server";
import { identity } from "~/.server/identity/identity-service.server";
import { sha256 } from "~/.server/secrets/tokens.server";
import { isLanguage } from "~/i18n/config";

/** A token is a 256-bit base64url string: anything longer is not one, and is not looked up. */
export const NOT_ME_TOKEN_MAX = 64;

export type NotMeLink = "open" | "used" | "invalid";

/** What a "this wasn't me" link opens: a confirmation while it is unused and unexpired. */
export async function notMeLinkState(token: string): Promise<NotMeLink> {
  const report = await reportOf(token);
  if (!report) return "invalid";
  if (report.usedAt) return "used";
  return report.expiresAt > new Date() ? "open" : "invalid";
}

export type NotMeOutcome = { ok: true; codeId: string | null } | { ok: false; error: "used" | "invalid" };

/** Spent inside the sessions' ending: a link used meanwhile (another tab) undoes nothing twice. */
class LinkUsedError extends Error {}

/**
 * The member says a notice was not them: every session of the account ends (this browser's too),
 * the link is spent, and a password recovery starts (a code by mail, the usual recovery page). The
 * recovery's own limits hold: when they are full, `codeId` is null and the member asks later.
 */
export async function reportNotMe(token: string, client: Client): Promise<NotMeOutcome> {
  const report = await reportOf(token);
  if (!report || report.expiresAt <= new Date()) return { ok: false, error: "invalid" };
  if (report.usedAt) return { ok: false, error: "used" };
  try {
    await identity().endAllSessions(report.identityId, async (tx) => {
      const spent = await tx
        .update(securityEventReports)
        .set({ usedAt: new Date() })
        .where(and(eq(securityEventReports.id, report.id), isNull(securityEventReports.usedAt)))
        .returning({ id: securityEventReports.id });
      if (spent.length === 0) throw new LinkUsedError();
    });
  } catch (error) {
    if (error instanceof LinkUsedError) return { ok: false, error: "used" };
    throw error;
  }
  const address = await identity().emailOf(report.identityId);
  if (!address) return { ok: true, codeId: null };
  const recovery = await requestRecovery(address, isLanguage(report.lang) ? report.lang : "fr", client);
  return { ok: true, codeId: recovery.ok ? recovery.codeId : null };
}

async function reportOf(token: string) {
  if (token.length === 0 || token.length > NOT_ME_TOKEN_MAX) return null;
  const [report] = await db()
    .select({
      id: securityEventReports.id,
      usedAt: securityEventReports.usedAt,
      expiresAt: securityEventReports.expiresAt,
      identityId: appUsers.identityId,
      lang: appUsers.lang,
    })
    .from(securityEventReports)
    .innerJoin(appUsers, eq(appUsers.id, securityEventReports.memberId))
    .where(eq(securityEventReports.tokenHash, sha256(token)));
  return report ?? null;
}

/** Forgets links past their expiry (used or not): they open nothing any more. Hourly housekeeping. */
export async function pruneNotMeLinks(now = new Date()) {
  await db().delete(securityEventReports).where(lt(securityEventReports.expiresAt, now));
}
