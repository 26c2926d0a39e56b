import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/.server/config/env.server";
import { db, type Executor } from "~/.server/db/client.server";
import { coaches } from "~/.server/db/schema.server";
import { isLanguage, type Language } from "~/i18n/config";

/**
 * A coach's private agenda link (coaches have no account): /coach/agenda/{token}, with
 * token = HMAC(SESSION_SECRET, coach id + generation). Mails need the raw token at any time, yet
 * the database keeps only the generation: renewing the link adds one, and every older link stops
 * working. 256 bits that no one can guess without the server secret.
 */
type LinkedCoach = { id: string; agendaGeneration: number };

export function agendaToken(coach: LinkedCoach): string {
  return createHmac("sha256", env().SESSION_SECRET)
    .update(`coach-agenda:${coach.id}:${coach.agendaGeneration}`)
    .digest("base64url");
}

export function agendaPath(coach: LinkedCoach): string {
  return `/coach/agenda/${agendaToken(coach)}`;
}

/** The coach whose current link carries `token` (retired coaches too: their sessions stay), or null. */
export async function coachOfAgendaToken(token: string, executor: Executor = db()) {
  // A token is 43 base64url characters; anything else is no key (and is not worth an HMAC).
  if (!/^[\w-]{43}$/.test(token)) return null;
  const given = Buffer.from(token);
  // Coaches are a short list from the content file: each one's link is computed and compared in constant time.
  const all = await executor.select().from(coaches);
  return all.find((coach) => timingSafeEqual(Buffer.from(agendaToken(coach)), given)) ?? null;
}

/** The language Cap writes to a coach in: the first they speak. */
export function coachLanguage(coach: { languages: string[] }): Language {
  return isLanguage(coach.languages[0]) ? coach.languages[0] : "fr";
}
