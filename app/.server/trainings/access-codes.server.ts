import { randomInt } from "node:crypto";
import { and, asc, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { recordChange } from "~/.server/audit/audit-log.server";
import { addDays } from "~/.server/calendar/days.server";
import { startOfDay } from "~/.server/calendar/time-zones.server";
import { db } from "~/.server/db/client.server";
import { accessCodes, accessCodeUses, appUsers, trainings } from "~/.server/db/schema.server";
import { type Page, type PageRequest, readPage } from "~/.server/paging/paging.server";
import type { Actor } from "~/.server/roles/roles.server";
import { CODE_PATTERN, CODE_USES_PAGE_SIZE, type NewCode } from "./access-code-contract.server";

/**
 * The operator's access codes: made in the back office (typed, or generated hard
 * to guess), listed with their use counts, disabled and enabled again; each change audited in its
 * own transaction. Members redeem them in access.server.ts.
 */

/** No 0/O, 1/I/L: read aloud or copied from paper without doubt. 31 signs. */
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const GENERATED_LENGTH = 10;

/** `CAP-` and 10 signs drawn with crypto.randomInt: 31^10 ≈ 8.2e14 codes, about 49.5 bits of entropy. */
export function generateCode(): string {
  let code = "CAP-";
  for (let i = 0; i < GENERATED_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export type CodeState = "active" | "disabled" | "expired" | "usedUp";

export type CodeLine = {
  code: string;
  training: { slug: string; title: { fr: string; en: string } };
  uses: number;
  maxUses: number | null;
  expiresAt: Date | null;
  /**
   * The last moment it works, whose day in the zone it was made in is the last day the operator
   * chose: a code stops at the start of the next day, and "1 July" would say a day too many.
   */
  lastMoment: Date | null;
  disabledAt: Date | null;
  note: string | null;
  createdAt: Date;
  state: CodeState;
};

const usesCount = sql<number>`(select count(*)::int from ${accessCodeUses} where ${accessCodeUses.code} = ${accessCodes.code})`;

const lineColumns = {
  code: accessCodes.code,
  slug: trainings.slug,
  content: trainings.content,
  uses: usesCount,
  maxUses: accessCodes.maxUses,
  expiresAt: accessCodes.expiresAt,
  disabledAt: accessCodes.disabledAt,
  note: accessCodes.note,
  createdAt: accessCodes.createdAt,
};

type LineRow = {
  code: string;
  slug: string;
  content: { title: { fr: string; en: string } };
  uses: number;
  maxUses: number | null;
  expiresAt: Date | null;
  disabledAt: Date | null;
  note: string | null;
  createdAt: Date;
};

function stateOf(row: Pick<LineRow, "disabledAt" | "expiresAt" | "uses" | "maxUses">, now = new Date()): CodeState {
  if (row.disabledAt) return "disabled";
  if (row.expiresAt && row.expiresAt <= now) return "expired";
  if (row.maxUses !== null && row.uses >= row.maxUses) return "usedUp";
  return "active";
}

function lineOf(row: LineRow): CodeLine {
  return {
    code: row.code,
    training: { slug: row.slug, title: row.content.title },
    uses: Number(row.uses),
    maxUses: row.maxUses,
    expiresAt: row.expiresAt,
    lastMoment: row.expiresAt ? new Date(row.expiresAt.getTime() - 1) : null,
    disabledAt: row.disabledAt,
    note: row.note,
    createdAt: row.createdAt,
    state: stateOf({ ...row, uses: Number(row.uses) }),
  };
}

/** "active" keeps the codes that would open something today; "all", every one. */
export type CodeFilter = "active" | "all";

function filterOf(filter: CodeFilter) {
  if (filter === "all") return undefined;
  const now = new Date();
  return and(
    isNull(accessCodes.disabledAt),
    or(isNull(accessCodes.expiresAt), gt(accessCodes.expiresAt, now)),
    or(isNull(accessCodes.maxUses), sql`${usesCount} < ${accessCodes.maxUses}`),
  );
}

/** A page of codes, newest first. */
export async function codesPage(
  filter: CodeFilter,
  request: PageRequest,
  options: { settle: boolean } = { settle: true },
): Promise<{ items: CodeLine[]; page: Page }> {
  const where = filterOf(filter);
  return readPage(
    request,
    async () => (await db().select({ n: sql<number>`count(*)::int` }).from(accessCodes).where(where))[0].n,
    async ({ limit, offset }) => {
      const rows = await db()
        .select(lineColumns)
        .from(accessCodes)
        .innerJoin(trainings, eq(trainings.id, accessCodes.trainingId))
        .where(where)
        .orderBy(desc(accessCodes.createdAt), asc(accessCodes.code))
        .limit(limit)
        .offset(offset);
      return (rows as LineRow[]).map(lineOf);
    },
    options,
  );
}

/** A code as typed in a URL: only a well-formed one is looked up (upper-cased). */
export function normalCode(typed: string): string | null {
  const code = typed.trim();
  return CODE_PATTERN.test(code) ? code.toUpperCase() : null;
}

export async function codeLine(typed: string): Promise<CodeLine | null> {
  const code = normalCode(typed);
  if (!code) return null;
  const [row] = await db()
    .select(lineColumns)
    .from(accessCodes)
    .innerJoin(trainings, eq(trainings.id, accessCodes.trainingId))
    .where(eq(accessCodes.code, code));
  return row ? lineOf(row as LineRow) : null;
}

export type CodeUse = { memberId: string; name: string; usedAt: Date };

/** Who used the code, most recent first, a page at a time. */
export async function codeUses(code: string, request: PageRequest = { page: 1, limit: CODE_USES_PAGE_SIZE }) {
  return readPage<CodeUse>(
    request,
    async () =>
      (
        await db().select({ n: sql<number>`count(*)::int` }).from(accessCodeUses).where(eq(accessCodeUses.code, code))
      )[0].n,
    async ({ limit, offset }) => {
      const rows = await db()
        .select({
          memberId: accessCodeUses.memberId,
          firstname: appUsers.firstname,
          lastname: appUsers.lastname,
          usedAt: accessCodeUses.usedAt,
        })
        .from(accessCodeUses)
        .innerJoin(appUsers, eq(appUsers.id, accessCodeUses.memberId))
        .where(eq(accessCodeUses.code, code))
        .orderBy(desc(accessCodeUses.usedAt), asc(accessCodeUses.memberId))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => ({
        memberId: row.memberId,
        name: `${row.firstname} ${row.lastname}`,
        usedAt: row.usedAt,
      }));
    },
  );
}

/** The payable trainings a code may open, in catalogue order. */
export async function payableTrainings(): Promise<{ slug: string; title: { fr: string; en: string } }[]> {
  const rows = await db()
    .select({ slug: trainings.slug, content: trainings.content })
    .from(trainings)
    .where(and(eq(trainings.access, "payable"), eq(trainings.archived, false)))
    .orderBy(asc(trainings.position));
  return rows.map((row) => ({ slug: row.slug, title: (row.content as LineRow["content"]).title }));
}

export type CodeCreation = { ok: true; code: string } | { ok: false; error: "codeTaken" | "noTraining" };

/**
 * Makes a code for a payable training. A typed code already taken is refused; a generated one that
 * happens to be taken is drawn again. `expiresOn` is the last day it works, in `timeZone`.
 */
export async function createCode(actor: Actor, input: NewCode, timeZone: string): Promise<CodeCreation> {
  const [found] = await db()
    .select({ id: trainings.id })
    .from(trainings)
    .where(and(eq(trainings.slug, input.training), eq(trainings.access, "payable"), eq(trainings.archived, false)));
  if (!found) return { ok: false, error: "noTraining" };
  const expiresAt = input.expiresOn ? startOfDay(addDays(input.expiresOn, 1), timeZone) : null;
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = input.code ?? generateCode();
    const made = await db().transaction(async (tx) => {
      const inserted = await tx
        .insert(accessCodes)
        .values({
          code,
          trainingId: found.id,
          maxUses: input.maxUses ?? null,
          expiresAt,
          note: input.note ? input.note : null,
          createdBy: actor.memberId,
        })
        .onConflictDoNothing()
        .returning({ code: accessCodes.code });
      if (inserted.length === 0) return false;
      await recordChange(tx, {
        actorId: actor.memberId,
        subject: { id: null, name: code },
        action: "access_code.created",
        before: null,
        after: {
          code,
          training: input.training,
          maxUses: input.maxUses ?? null,
          expiresAt: expiresAt?.toISOString() ?? null,
          note: input.note ?? null,
        },
      });
      return true;
    });
    if (made) return { ok: true, code };
    if (input.code) return { ok: false, error: "codeTaken" };
  }
  throw new Error("five generated access codes in a row were taken");
}

export type CodeStateChange = { ok: true; changed: boolean } | { ok: false; error: "noCode" };

/** Disables a code (the members it opened keep their access) or enables it again; a no-op changes and audits nothing. */
export async function setCodeDisabled(actor: Actor, typed: string, disabled: boolean): Promise<CodeStateChange> {
  const code = normalCode(typed);
  if (!code) return { ok: false, error: "noCode" };
  return db().transaction(async (tx) => {
    const [row] = await tx
      .select({ disabledAt: accessCodes.disabledAt })
      .from(accessCodes)
      .where(eq(accessCodes.code, code))
      .for("update");
    if (!row) return { ok: false, error: "noCode" } as const;
    if ((row.disabledAt !== null) === disabled) return { ok: true, changed: false } as const;
    await tx
      .update(accessCodes)
      .set({ disabledAt: disabled ? new Date() : null })
      .where(eq(accessCodes.code, code));
    await recordChange(tx, {
      actorId: actor.memberId,
      subject: { id: null, name: code },
      action: disabled ? "access_code.disabled" : "access_code.enabled",
      before: { disabled: !disabled },
      after: { disabled },
    });
    return { ok: true, changed: true } as const;
  });
}
