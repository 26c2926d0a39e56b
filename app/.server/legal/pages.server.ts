import { readFileSync } from "node:fs";
import path from "node:path";
import { and, desc, eq, sql } from "drizzle-orm";
import { recordChange } from "~/.server/audit/audit-log.server";
import { type Database, db, type Executor } from "~/.server/db/client.server";
import { legalAcceptances, legalVersions } from "~/.server/db/schema.server";
import { LEGAL_PAGES, type LegalPage } from "~/forms/legal-pages";
import type { Language } from "~/i18n/config";

/**
 * The legal pages' versions: each publication is a new numbered version of both languages,
 * never changed afterwards, so that what a member accepted stays readable as it was. The
 * highest number is the page in force. A fresh install starts from app/content/legal/, a
 * first-run text that says what the operator must fill in.
 */
export type LegalVersion = {
  page: LegalPage;
  number: number;
  body: Record<Language, string>;
  publishedAt: Date;
};

const columns = {
  page: legalVersions.page,
  number: legalVersions.number,
  bodyFr: legalVersions.bodyFr,
  bodyEn: legalVersions.bodyEn,
  publishedAt: legalVersions.publishedAt,
};

type Row = { page: string; number: number; bodyFr: string; bodyEn: string; publishedAt: Date };

const versionOf = (row: Row): LegalVersion => ({
  page: row.page as LegalPage,
  number: row.number,
  body: { fr: row.bodyFr, en: row.bodyEn },
  publishedAt: row.publishedAt,
});

/** A page's version `number`, or the one in force when `number` is null; null when there is no such version. */
export async function legalVersion(page: LegalPage, number: number | null): Promise<LegalVersion | null> {
  const [row] = await db()
    .select(columns)
    .from(legalVersions)
    .where(and(eq(legalVersions.page, page), number === null ? undefined : eq(legalVersions.number, number)))
    .orderBy(desc(legalVersions.number))
    .limit(1);
  return row ? versionOf(row) : null;
}

/** A page's versions, newest first: their numbers and dates. */
export async function versionHistory(page: LegalPage): Promise<{ number: number; publishedAt: Date }[]> {
  return db()
    .select({ number: legalVersions.number, publishedAt: legalVersions.publishedAt })
    .from(legalVersions)
    .where(eq(legalVersions.page, page))
    .orderBy(desc(legalVersions.number));
}

/** The number and date of each page's version in force. */
export async function versionsInForce(executor: Executor = db()) {
  const rows = await executor
    .select({
      page: legalVersions.page,
      number: sql<number>`max(${legalVersions.number})::int`,
      publishedAt: sql<string>`max(${legalVersions.publishedAt})`,
    })
    .from(legalVersions)
    .groupBy(legalVersions.page);
  const found = new Map(rows.map((row) => [row.page, row]));
  return LEGAL_PAGES.map((page) => {
    const row = found.get(page);
    return { page, number: row?.number ?? 0, publishedAt: row ? new Date(row.publishedAt) : null };
  });
}

/** Publishes a new version of `page` (the next number), audited; answers its number. */
export async function publishVersion(
  actor: { memberId: string },
  page: LegalPage,
  body: Record<Language, string>,
): Promise<number> {
  return db().transaction(async (tx) => {
    // One publication at a time per page: two admins publishing at once get two numbers.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`legal:${page}`}))`);
    const [{ last }] = await tx
      .select({ last: sql<number>`coalesce(max(${legalVersions.number}), 0)::int` })
      .from(legalVersions)
      .where(eq(legalVersions.page, page));
    const number = last + 1;
    await tx
      .insert(legalVersions)
      .values({ page, number, bodyFr: body.fr, bodyEn: body.en, publishedBy: actor.memberId });
    await recordChange(tx, {
      actorId: actor.memberId,
      subject: { id: null, name: page },
      action: "legal.published",
      before: last === 0 ? null : { version: last },
      after: { version: number },
    });
    return number;
  });
}

/**
 * Records that a new member accepted the terms and the privacy policy: the versions they were
 * shown, or, from a caller that names none (the API of SPEC §7), those in force now.
 */
export async function recordAcceptance(
  tx: Executor,
  memberId: string,
  shown: Partial<Record<LegalPage, number>> = {},
): Promise<void> {
  const inForce = await versionsInForce(tx);
  const accepted = inForce
    .filter(({ page, number }) => ACCEPTED_ON_REGISTRATION.includes(page) && number > 0)
    .map(({ page, number }) => ({ memberId, page, number: shown[page] ?? number }));
  if (accepted.length) await tx.insert(legalAcceptances).values(accepted);
}

/** The pages a member accepts on registering (the legal notice is for everyone, accepted by no one). */
export const ACCEPTED_ON_REGISTRATION: readonly LegalPage[] = ["conditions-utilisation", "confidentialite"];

/**
 * The shown versions a registration form sent that are no longer in force (a new version was
 * published while the visitor filled it in): the form shows the new ones before they accept.
 */
export async function outdatedVersions(shown: Partial<Record<LegalPage, number>>): Promise<LegalPage[]> {
  const inForce = await versionsInForce();
  return inForce
    .filter(({ page, number }) => shown[page] !== undefined && shown[page] !== number)
    .map(({ page }) => page);
}

/** A member's acceptances, oldest first. */
export async function acceptancesOf(memberId: string) {
  return db()
    .select({ page: legalAcceptances.page, number: legalAcceptances.number, acceptedAt: legalAcceptances.acceptedAt })
    .from(legalAcceptances)
    .where(eq(legalAcceptances.memberId, memberId))
    .orderBy(legalAcceptances.acceptedAt, legalAcceptances.page);
}

const contentDir = path.resolve("app/content/legal");

/**
 * The first-run texts: a page without any version gets version 1 from app/content/legal/
 * (`<page>.fr.md`, `<page>.en.md`). A page an admin published is never touched again.
 */
export async function seedLegalPages(database: Database): Promise<void> {
  for (const page of LEGAL_PAGES) {
    const read = (lang: Language) => readFileSync(path.join(contentDir, `${page}.${lang}.md`), "utf8");
    await database
      .insert(legalVersions)
      .values({ page, number: 1, bodyFr: read("fr"), bodyEn: read("en") })
      .onConflictDoNothing();
  }
}
