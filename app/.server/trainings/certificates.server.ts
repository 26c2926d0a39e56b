import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull, max } from "drizzle-orm";
import { DEFAULT_TIME_ZONE } from "~/.server/calendar/days.server";
import { dateFormat } from "~/.server/calendar/date-formats.server";
import { isTimeZone, localDay } from "~/.server/calendar/time-zones.server";
import { env } from "~/.server/config/env.server";
import { db, type Executor } from "~/.server/db/client.server";
import { appUsers, certificates, moduleCompletions, trainingModules } from "~/.server/db/schema.server";
import type { Language } from "~/i18n/config";
import { trainingOf, type TrainingProgress } from "./catalogue.server";

/**
 * Certificates of completed trainings. One is issued when a member completes a
 * training; its public page (/certificate/<id>) shows the member's name, the training and the day
 * it was completed, nothing else. The member can withdraw it: its address then says it is no
 * longer valid, for good; a new certificate has a new address.
 */

/** 24 random bytes, base64url: 32 characters, 192 bits no one can guess or count through. */
const CERTIFICATE_ID = /^[A-Za-z0-9_-]{32}$/;

function newPublicId(): string {
  return randomBytes(24).toString("base64url");
}

export function verificationUrl(publicId: string): string {
  return `${env().APP_URL}/certificate/${publicId}`;
}

/** Only trainings end in a certificate (a test has a result, not a completion). */
function certifiable(training: TrainingProgress): boolean {
  return training.content.kind === "training" && training.state === "completed";
}

/** The member's certificate page of a completed training; null for a test or an unfinished training. */
export function certificatePathOf(training: TrainingProgress): string | null {
  return certifiable(training) ? `/training/${training.content.slug}/certificate` : null;
}

/**
 * Issues the member's certificate of `training` unless a valid one exists: their name as it is
 * today, the training's title in both languages, the day its last module was completed in their
 * time zone. Called in the transaction that completes the training (`completed` then says so:
 * its state was read before), and when a member asks for a new one after withdrawing.
 */
export async function issueCertificate(
  tx: Executor,
  memberId: string,
  training: TrainingProgress,
  completed = certifiable(training),
): Promise<void> {
  if (!completed || training.content.kind !== "training") return;
  const [member] = await tx
    .select({ firstname: appUsers.firstname, lastname: appUsers.lastname, timeZone: appUsers.timeZone })
    .from(appUsers)
    .where(eq(appUsers.id, memberId));
  if (!member) return;
  const [last] = await tx
    .select({ at: max(moduleCompletions.completedAt) })
    .from(moduleCompletions)
    .innerJoin(trainingModules, eq(trainingModules.id, moduleCompletions.moduleId))
    .where(and(eq(moduleCompletions.memberId, memberId), eq(trainingModules.trainingId, training.id)));
  const zone = member.timeZone && isTimeZone(member.timeZone) ? member.timeZone : DEFAULT_TIME_ZONE;
  await tx
    .insert(certificates)
    .values({
      publicId: newPublicId(),
      memberId,
      trainingId: training.id,
      memberName: `${member.firstname} ${member.lastname}`.trim(),
      trainingTitle: training.content.title,
      completedOn: localDay(last?.at ? new Date(last.at) : new Date(), zone),
    })
    // A valid certificate already there (a second completion racing this one): it stays.
    .onConflictDoNothing();
}

type CertificateRow = typeof certificates.$inferSelect;

/** What a certificate says, in `lang`: the same facts on the member's page and the public one. */
export function certificateFacts(
  row: Pick<CertificateRow, "memberName" | "trainingTitle" | "completedOn">,
  lang: Language,
) {
  const longDate = dateFormat(lang, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  return {
    name: row.memberName,
    training: row.trainingTitle[lang],
    date: longDate.format(new Date(`${row.completedOn}T00:00:00Z`)),
  };
}

export type CertificateFacts = ReturnType<typeof certificateFacts>;

/**
 * The member's certificate page: null when the training is unknown to them; `completed: false`
 * before it is completed; the valid certificate, or none (withdrawn, or completed before
 * certificates existed) with whether one was withdrawn.
 */
export async function memberCertificate(memberId: string, trainingSlug: string, lang: Language) {
  const training = await trainingOf(db(), memberId, trainingSlug);
  if (!training) return null;
  const title = training.content.title[lang];
  if (!certifiable(training)) return { completed: false as const, slug: training.content.slug, title };
  const rows = await db()
    .select()
    .from(certificates)
    .where(and(eq(certificates.memberId, memberId), eq(certificates.trainingId, training.id)))
    .orderBy(desc(certificates.issuedAt));
  const valid = rows.find((row) => row.withdrawnAt === null);
  return {
    completed: true as const,
    slug: training.content.slug,
    title,
    certificate: valid ? { ...certificateFacts(valid, lang), url: verificationUrl(valid.publicId) } : null,
    withdrawn: rows.some((row) => row.withdrawnAt !== null),
  };
}

export type CertificateChange = { ok: true } | { ok: false; error: "notFound" | "notCompleted" };

/** The member withdraws their valid certificate of the training: its address stops vouching at once. */
export async function withdrawCertificate(memberId: string, trainingSlug: string): Promise<CertificateChange> {
  const training = await trainingOf(db(), memberId, trainingSlug);
  if (!training) return { ok: false, error: "notFound" };
  await db()
    .update(certificates)
    .set({ withdrawnAt: new Date() })
    .where(
      and(
        eq(certificates.memberId, memberId),
        eq(certificates.trainingId, training.id),
        isNull(certificates.withdrawnAt),
      ),
    );
  return { ok: true };
}

/** A new certificate (a new address) for a completed training whose certificate the member withdrew. */
export async function reissueCertificate(memberId: string, trainingSlug: string): Promise<CertificateChange> {
  return db().transaction(async (tx) => {
    const training = await trainingOf(tx, memberId, trainingSlug);
    if (!training) return { ok: false as const, error: "notFound" as const };
    if (!certifiable(training)) return { ok: false as const, error: "notCompleted" as const };
    await issueCertificate(tx, memberId, training);
    return { ok: true as const };
  });
}

/**
 * What the public page at /certificate/<id> shows: the facts of a valid certificate, only that one
 * is withdrawn, or null for an address that never was one (checked for its shape before any query).
 */
export async function publicCertificate(
  publicId: string,
  lang: Language,
): Promise<{ valid: true; facts: CertificateFacts } | { valid: false } | null> {
  if (!CERTIFICATE_ID.test(publicId)) return null;
  const [row] = await db().select().from(certificates).where(eq(certificates.publicId, publicId));
  if (!row) return null;
  if (row.withdrawnAt) return { valid: false };
  return { valid: true, facts: certificateFacts(row, lang) };
}
