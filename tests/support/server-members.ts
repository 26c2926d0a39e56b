import { expect } from "vitest";
import type { ServerProcess } from "./server-process";
import { waitFor } from "./server-process";

/**
 * Members made on a running server (tests/support/server-process.ts) through its own doors, as an
 * app or a browser makes them: the JSON API's registration, the code the log transport prints
 * (no SMTP_URL: the mail sender prints each email), the verification form.
 */

/** The JSON API's `user`: Ana Barros, born 1990-02-03, unless the test names someone else. */
export type ApiUser = { email: string; password: string; firstname?: string; lastname?: string; birth_date?: string };

/** POST /api/dashboard/register on the server at `url`; its answer as it comes. */
export function registerOn(url: string, user: ApiUser, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/api/dashboard/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ user: { firstname: "Ana", lastname: "Barros", birth_date: "1990-02-03", ...user } }),
  });
}

/** `registerOn`, which must answer 201: the new member's session token. */
export async function tokenOfNewMember(url: string, user: ApiUser): Promise<string> {
  const registered = await registerOn(url, user);
  expect(registered.status).toBe(201);
  return (await registered.json()) as string;
}

/** The 6-digit code of the verification email to `email`, as the server's log transport printed it. */
export async function mailedCode(server: ServerProcess, email: string): Promise<string> {
  let code: string | undefined;
  await waitFor(() => {
    const log = server.logs().join("\n");
    const at = log.indexOf(`[mail] To: ${email}`);
    code = at === -1 ? undefined : log.slice(at).match(/\n(\d{6})\n/)?.[1];
    return code !== undefined;
  }, 10_000);
  return code!;
}

/** Verifies `email`'s address on the verification form with the mailed code, signed in by `cookie`. */
export async function verifyOn(server: ServerProcess, email: string, cookie: string) {
  const verified = await fetch(`${server.url}/account_verification`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: server.url },
    body: new URLSearchParams({ intent: "verify", code: await mailedCode(server, email) }),
  });
  expect(verified.status).toBe(303);
}
