import { env } from "~/.server/config/env.server";

/** Cookies as Cap reads and sets them, whatever they carry (the session token, the device, …). */

/** Path=/, HttpOnly, SameSite=Lax, Secure on https: every cookie Cap sets for a signed-in browser. */
export function cookieAttributes(maxAgeSeconds: number) {
  const secure = env().APP_URL.startsWith("https:") ? "; Secure" : "";
  return `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

export function cookieValue(header: string | null, name: string): string | null {
  for (const pair of header?.split(";") ?? []) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim() || null;
  }
  return null;
}
