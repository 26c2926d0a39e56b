/**
 * A verified member for the bench and the soak, signed up through the API; pages and the API
 * accept its token as a bearer header like the cookie.
 */
import { readFileSync } from "node:fs";
import { BenchError, sleep, type ServerContext } from "./server";

export type Headers = Record<string, string>;

export async function signUp(server: ServerContext, email: string): Promise<{ headers: Headers }> {
  const registered = await fetch(`${server.baseUrl}/api/dashboard/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      user: { firstname: "Bench", lastname: "Member", birth_date: "1990-01-01", email, password: "bench-password" },
    }),
  });
  if (!registered.ok) throw new BenchError(`sign-up of ${email} answered ${registered.status}`);
  const token = (await registered.json()) as string;
  const authorization = `Bearer ${token}`;
  const code = await codeMailedTo(server, email);
  const verified = await fetch(`${server.baseUrl}/account_verification`, {
    method: "POST",
    headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "verify", code }),
    redirect: "manual",
  });
  if (verified.status !== 303) throw new BenchError(`verification of ${email} answered ${verified.status}`);
  return { headers: { authorization } };
}

/** The code of the verification email to `email`, read from the server log where mail is printed. */
async function codeMailedTo(server: ServerContext, email: string): Promise<string> {
  const mail = new RegExp(`^\\[mail\\] To: ${email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$[\\s\\S]*?^(\\d{6})$`, "m");
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    // The sender prints each email within a couple of seconds; the code stands alone on its line.
    const code = mail.exec(readFileSync(server.logFile, "utf8"))?.[1];
    if (code) return code;
    await sleep(250);
  }
  throw new BenchError(`the verification email to ${email} never reached the server log`);
}
