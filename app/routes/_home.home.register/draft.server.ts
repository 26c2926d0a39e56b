import { createCookie } from "@remix-run/node";
import {
  DRAFT_LIFETIME_S,
  discardDraft,
  loadDraft,
  type RegistrationDraft,
  saveDraft,
} from "~/.server/accounts/registration-drafts.server";
import { env } from "~/.server/config/env.server";

/**
 * The register page's draft as its requests carry it: the draft's id in a signed cookie, the
 * draft itself kept by the accounts service.
 */
function draftCookie() {
  const config = env();
  return createCookie("register_draft", {
    // Not "/home/register": with JavaScript the page's data comes from /home/register.data,
    // which that path does not cover.
    path: "/home",
    httpOnly: true,
    sameSite: "lax",
    secure: config.APP_URL.startsWith("https:"),
    secrets: [config.SESSION_SECRET],
    maxAge: DRAFT_LIFETIME_S,
  });
}

async function draftIdOf(request: Request): Promise<string | null> {
  const value = await draftCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[0-9a-f-]{36}$/.test(value) ? value : null;
}

export async function draftOf(request: Request): Promise<RegistrationDraft> {
  return loadDraft(await draftIdOf(request));
}

/** Keeps what was posted in the visitor's draft; answers the Set-Cookie header to send. */
export async function keepDraft(request: Request, values: Record<string, unknown>): Promise<string> {
  return draftCookie().serialize(await saveDraft(await draftIdOf(request), values));
}

/** Forgets the visitor's draft (their account exists); answers the Set-Cookie header to send. */
export async function forgetDraft(request: Request): Promise<string> {
  await discardDraft(await draftIdOf(request));
  return draftCookie().serialize("", { maxAge: 0 });
}
