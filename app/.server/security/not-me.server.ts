import { and, eq, isNull, lt } from "drizzle-orm";
import { forgetRememberedDevices } from "./remembered-devices.server";
import { db } from "~/.server/db/client.server";
import { appUsers, securityEventReports } from "~/.server/db/schema.server";
import { identity } from "~/.server/identity/identity-service.server";
import { sha256 } from "~/.server/secrets/tokens.server";
import { isLanguage, type Language } from "~/i18n/config";

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

/** On success, the account's address (null when it has none any more) and language, for the recovery that follows. */
export type NotMeOutcome =
  | { ok: true; email: string | null; lang: Language }
  | { ok: false; error: "used" | "invalid" };

/** Spent inside the sessions' ending: a link used meanwhile (another tab) undoes nothing twice. */
class LinkUsedError extends Error {}

/**
 * The member says a notice was not them: every session of the account ends (this browser's too)
 * and the link is spent. The caller then starts a password recovery for the address returned.
 */
export async function reportNotMe(token: string): Promise<NotMeOutcome> {
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
      await forgetRememberedDevices(tx, report.identityId);
    });
  } catch (error) {
    if (error instanceof LinkUsedError) return { ok: false, error: "used" };
    throw error;
  }
  const email = await identity().emailOf(report.identityId);
  return { ok: true, email, lang: isLanguage(report.lang) ? report.lang : "fr" };
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
