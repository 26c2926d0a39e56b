import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/.server/db/client.server";
import { coachingBookings, coachingSessionPreps } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import { refusals } from "~/.server/contract/refusal-table.server";
import { currentGoal } from "~/.server/space/goals.server";
import { lifeGpsPage } from "~/.server/space/life-gps.server";
import { allResults } from "~/.server/trainings/results.server";
import type { Language } from "~/i18n/config";

/**
 * Before a session: the member writes what they want to talk about and
 * chooses what the session's coach may see — their main goal, their last life GPS, one training
 * or test result. Each is off until the member ticks it; everything may change until the session
 * starts. What the coach then reads is session-prep-views.server.ts.
 */
export const PREP_TOPICS_LENGTH = 1000;
/** A result is named by its training's slug; no slug is longer. */
const RESULT_SLUG_LENGTH = 100;

export const prepSchema = z.object({
  topics: z.string().trim().max(PREP_TOPICS_LENGTH, "coaching:prep.errors.topicsTooLong").default(""),
  goal: z.literal("on", { errorMap: () => ({ message: "coaching:prep.errors.choice" }) }).optional(),
  lifeGps: z.literal("on", { errorMap: () => ({ message: "coaching:prep.errors.choice" }) }).optional(),
  result: z.string().trim().max(RESULT_SLUG_LENGTH, "coaching:prep.errors.resultUnknown").optional(),
});

export type PrepChoice = { topics: string; shareGoal: boolean; shareLifeGps: boolean; sharedResult: string | null };

/** The checked form as the member's choice: an empty result is no result shared. */
export function prepChoiceOf(value: z.infer<typeof prepSchema>): PrepChoice {
  return {
    topics: value.topics,
    shareGoal: value.goal === "on",
    shareLifeGps: value.lifeGps === "on",
    sharedResult: value.result ? value.result : null,
  };
}

export const prepRefusals = refusals("coaching", {
  notFound: { status: 404, field: null, message: "errors.notFound" },
  notChangeable: { status: 409, field: null, message: "prep.errors.started" },
  resultUnknown: { status: 422, field: "result", message: "prep.errors.resultUnknown" },
});

/** The member's prep of a session (nothing written, nothing shared: the defaults). */
export async function prepOf(bookingId: string): Promise<PrepChoice> {
  const [row] = await db().select().from(coachingSessionPreps).where(eq(coachingSessionPreps.bookingId, bookingId));
  return row
    ? { topics: row.topics, shareGoal: row.shareGoal, shareLifeGps: row.shareLifeGps, sharedResult: row.sharedResult }
    : { topics: "", shareGoal: false, shareLifeGps: false, sharedResult: null };
}

/** The results a member may share: the tests they took and the trainings they started. */
export async function shareableResults(memberId: string, lang: Language) {
  const { tests, trainings } = await allResults(memberId, lang);
  return [
    ...tests
      .filter((test) => test.taken)
      .map((test) => ({ slug: test.slug, title: test.title, kind: "test" as const })),
    ...trainings.map((training) => ({ slug: training.slug, title: training.title, kind: "training" as const })),
  ];
}

/** What the member has to share today, for the form: is there a goal, a life GPS, which results. */
export async function shareableOf(memberId: string, lang: Language) {
  const [goal, lifeGps, results] = await Promise.all([
    currentGoal(memberId),
    lifeGpsPage(memberId, { page: 1, limit: 1 }),
    shareableResults(memberId, lang),
  ]);
  return { goal: goal?.title ?? null, lifeGpsAt: lifeGps.items[0]?.createdAt ?? null, results };
}

export type PrepOutcome = { ok: true } | { ok: false; error: keyof typeof prepRefusals };

/**
 * Saves the member's prep of their session `bookingId`: refused for anyone else's session
 * (notFound), once it has started or was cancelled (notChangeable), and for a result that is not
 * one of theirs (resultUnknown). The session row is locked meanwhile: a move cannot slip between
 * the check and the write.
 */
export async function savePrep(
  memberId: string,
  bookingId: string,
  choice: PrepChoice,
  lang: Language,
  now = new Date(),
): Promise<PrepOutcome> {
  if (!isUuid(bookingId)) return { ok: false, error: "notFound" };
  if (choice.sharedResult && !(await shareableResults(memberId, lang)).some((r) => r.slug === choice.sharedResult)) {
    return { ok: false, error: "resultUnknown" };
  }
  return db().transaction(async (tx) => {
    const [session] = await tx
      .select({ status: coachingBookings.status, startsAt: coachingBookings.startsAt })
      .from(coachingBookings)
      .where(and(eq(coachingBookings.id, bookingId), eq(coachingBookings.memberId, memberId)))
      .for("update");
    if (!session) return { ok: false, error: "notFound" } as const;
    if (session.status !== "confirmed" || session.startsAt <= now)
      return { ok: false, error: "notChangeable" } as const;
    const values = { ...choice, updatedAt: now };
    await tx
      .insert(coachingSessionPreps)
      .values({ bookingId, ...values })
      .onConflictDoUpdate({ target: coachingSessionPreps.bookingId, set: values });
    return { ok: true } as const;
  });
}
