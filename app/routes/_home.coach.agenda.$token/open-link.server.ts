import { redirect } from "@remix-run/node";
import { coachLanguage, coachOfAgendaToken } from "~/.server/coaching/agenda/agenda-link.server";
import { notFound } from "~/.server/http/not-found.server";
import { languageCookie, languageCookieHeader, localeOf } from "~/.server/i18n/i18n.server";

/**
 * The private link's door to the coach's pages (/coach/agenda/{token}/…, for coaches without an
 * account): the token is the key, and the pages speak the coach's language until the visitor
 * picks one.
 */

/** The coach the link's token names (coaches have no account: the token is the key); 404 otherwise. */
export async function coachOfLink(request: Request, token: string | undefined) {
  const coach = token ? await coachOfAgendaToken(token) : null;
  if (!coach) notFound(request);
  return coach;
}

/** The page speaks the coach's language until the visitor picks one with the language switch. */
async function speakCoachLanguage(request: Request, coach: { languages: string[] }) {
  if ((await languageCookie.parse(request.headers.get("Cookie"))) !== null) return;
  const { pathname, search } = new URL(request.url);
  throw redirect(pathname + search, {
    headers: { "Set-Cookie": await languageCookieHeader(coachLanguage(coach)) },
  });
}

/**
 * A page of the private link opened: the coach its token names (404 otherwise) and the language
 * the page speaks, the coach's until the visitor picks one.
 */
export async function openAgendaLink(request: Request, token: string | undefined) {
  const coach = await coachOfLink(request, token);
  await speakCoachLanguage(request, coach);
  return { coach, lang: await localeOf(request) };
}
