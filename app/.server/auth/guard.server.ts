import { redirect } from "@remix-run/node";
import { isVerified } from "~/.server/identity/identity-service.server";
import { whoami, type SignedIn } from "~/.server/accounts/members.server";
import { requestMemo } from "~/.server/http/request-memo.server";
import { identifyMember } from "~/.server/observability/error-reporting.server";
import { safeRedirectPath } from "~/.server/http/safe-redirect.server";
import { owesSecondFactor, SECOND_STEP_PATH } from "./second-step.server";
import { clearTokenCookie, readToken } from "./token-cookie.server";

/**
 * The route guard of SPEC §4, in its order. Every protected loader AND action calls it itself.
 *  1. a token whose whoami fails → the cookie is cleared, /home;
 *  2. first address unverified → /account_verification (unless that is where we are);
 *  3. (home routes) signed in → /;
 *  4. no token → /home/login?redirect_after=<full path>.
 * And a member with two-factor sign-in whose session owes the second step (./second-step) goes to
 * it from every signed-in page, and counts as a visitor on public ones until then.
 */
// One whoami per Request; and one per page request, however many loaders ask (Remix hands the
// layout's loader and the page's a Request each). An action asks afresh: what it changes (a
// name, the sessions) must show in the page it answers.
const perRequest = new WeakMap<Request, Promise<SignedIn | null>>();

function signedIn(request: Request, token: string) {
  let answer = perRequest.get(request);
  if (!answer) {
    const ask = () =>
      whoami(token).then((current) => {
        if (current) identifyMember(current.member.id);
        return current;
      });
    answer = request.method === "GET" ? requestMemo(`whoami ${token}`, ask) : ask();
    perRequest.set(request, answer);
  }
  return answer;
}

function fullPath(request: Request) {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

async function staleToken(): Promise<never> {
  throw redirect("/home", { headers: { "Set-Cookie": await clearTokenCookie() } });
}

/** A signed-in, verified member, or a thrown redirect. */
export async function requireMember(request: Request): Promise<SignedIn> {
  const current = await requireSignedIn(request);
  if (!isVerified(current.identity)) {
    throw redirect(`/account_verification?redirect_after=${encodeURIComponent(fullPath(request))}`);
  }
  return current;
}

/** A signed-in member, verified or not: for /account_verification and logout. */
export async function requireSignedIn(request: Request): Promise<SignedIn> {
  const token = await readToken(request);
  if (!token) throw redirect(`/home/login?redirect_after=${encodeURIComponent(fullPath(request))}`);
  const current = (await signedIn(request, token)) ?? (await staleToken());
  if (owesSecondFactor(request, current)) {
    throw redirect(`${SECOND_STEP_PATH}?redirect_after=${encodeURIComponent(fullPath(request))}`);
  }
  return current;
}

/**
 * For sign-in's second step: a session that owes it. Without a session → /home/login; one that
 * owes nothing goes on to `redirect_after` (ours only) at once.
 */
export async function requireSecondStep(request: Request): Promise<SignedIn> {
  const token = await readToken(request);
  if (!token) throw redirect("/home/login");
  const current = (await signedIn(request, token)) ?? (await staleToken());
  if (!owesSecondFactor(request, current)) {
    throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirect_after")));
  }
  return current;
}

/** The session of the request's token, or null: none, or one that still owes its second factor. */
async function fullySignedIn(request: Request, token: string): Promise<SignedIn | null | "owes"> {
  const current = await signedIn(request, token);
  if (current && owesSecondFactor(request, current)) return "owes";
  return current;
}

/**
 * For public pages outside /home (SPEC §4 rules 1 and 2, not 3): anyone may stay, but a stale
 * token is cleared and a member whose address is unverified goes to verify it first. Whether a
 * verified member is signed in.
 */
export async function guardPublicPage(request: Request): Promise<boolean> {
  const token = await readToken(request);
  if (!token) return false;
  const current = await fullySignedIn(request, token);
  if (current === "owes") return false;
  if (!current) return staleToken();
  if (!isVerified(current.identity)) throw redirect("/account_verification");
  return true;
}

/**
 * For private-link pages (/survey/<token>, /coach/session/<token>, /coach/agenda/<token>): their
 * token is the key, so people without an account pass; rule 2 still sends a signed-in member whose
 * address is unverified to verify it first (and back here after). A stale token is cleared without
 * leaving the link (rule 1 would lose it on /home); on a POST it is only ignored.
 */
export async function guardPrivateLink(request: Request): Promise<void> {
  const token = await readToken(request);
  if (!token) return;
  const current = await fullySignedIn(request, token);
  if (current === "owes") return;
  if (!current) {
    if (request.method !== "GET") return;
    throw redirect(fullPath(request), { headers: { "Set-Cookie": await clearTokenCookie() } });
  }
  if (!isVerified(current.identity)) {
    throw redirect(`/account_verification?redirect_after=${encodeURIComponent(fullPath(request))}`);
  }
}

/** The signed-in member (verified or not), or null: for what anyone may do, a member with more effect. */
export async function currentMember(request: Request): Promise<SignedIn | null> {
  const token = await readToken(request);
  const current = token ? await fullySignedIn(request, token) : null;
  return current === "owes" ? null : current;
}

/**
 * For home routes: a visitor passes; a signed-in member goes to / (or to verify first), one whose
 * session owes its second factor to give it.
 */
export async function redirectIfSignedIn(request: Request): Promise<void> {
  const token = await readToken(request);
  if (token && (await fullySignedIn(request, token)) === "owes") throw redirect(SECOND_STEP_PATH);
  if (await guardPublicPage(request)) throw redirect("/");
}
