import { createCookie } from "@remix-run/node";
import { env } from "~/.server/config/env.server";
import { cookieAttributes, cookieValue } from "~/.server/http/cookies.server";
import { SESSION_LIFETIME_MS } from "~/.server/identity/identity-service.server";

/**
 * The session token cookie, named `token` (SPEC §3): it holds the session token itself, so the
 * token `POST /api/dashboard/login` answers works as this cookie and as a bearer header alike.
 * httpOnly, SameSite=Lax, Secure on https. The token is 256 random bits whose hash alone is
 * stored: a signature would add nothing a guess could get past.
 */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** The token from `Authorization: Bearer …` (API callers), or from the cookie. */
export async function readToken(request: Request): Promise<string | null> {
  const bearer = request.headers.get("Authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return bearer;
  const value = cookieValue(request.headers.get("Cookie"), "token");
  if (value === null) return null;
  if (TOKEN.test(value)) return value;
  return signedToken(value);
}

export async function setTokenCookie(token: string): Promise<string> {
  return `token=${token}; ${cookieAttributes(SESSION_LIFETIME_MS / 1000)}`;
}

export async function clearTokenCookie(): Promise<string> {
  return `token=; ${cookieAttributes(0)}`;
}

/**
 * Cookies set before the token went in as itself were signed with SESSION_SECRET: they keep
 * working until they expire, so nobody was signed out by the change (this can go after 2026-12-24).
 */
async function signedToken(value: string): Promise<string | null> {
  const legacy = createCookie("token", { secrets: [env().SESSION_SECRET] });
  const token = await legacy.parse(`token=${value}`);
  return typeof token === "string" && TOKEN.test(token) ? token : null;
}
