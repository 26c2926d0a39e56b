import { createCookie } from "@remix-run/node";
import { env } from "~/.server/config/env.server";
import { SESSION_LIFETIME_MS } from "~/.server/identity/embedded.server";

/** The session token cookie, named `token` (SPEC §3): httpOnly, SameSite=Lax, signed. */
function tokenCookie() {
  const config = env();
  return createCookie("token", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.APP_URL.startsWith("https:"),
    secrets: [config.SESSION_SECRET],
    maxAge: SESSION_LIFETIME_MS / 1000,
  });
}

/** The token from the cookie, or from `Authorization: Bearer …` (API callers). */
export async function readToken(request: Request): Promise<string | null> {
  const bearer = request.headers.get("Authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return bearer;
  const value = await tokenCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

export function setTokenCookie(token: string): Promise<string> {
  return tokenCookie().serialize(token);
}

export function clearTokenCookie(): Promise<string> {
  return tokenCookie().serialize("", { maxAge: 0 });
}
