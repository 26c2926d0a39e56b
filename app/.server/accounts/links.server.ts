import { env } from "~/.server/config/env.server";

/** Absolute links that emails carry, on APP_URL. */
export function verificationLink(codeId: string, linkToken: string) {
  const url = new URL("/account_verification", env().APP_URL);
  url.searchParams.set("code_id", codeId);
  url.searchParams.set("token", linkToken);
  return url.toString();
}

export function recoveryLink(codeId: string) {
  return new URL(`/home/new-password-${codeId}`, env().APP_URL).toString();
}
