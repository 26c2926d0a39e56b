import { eq, sql } from "drizzle-orm";
import { renderSVG } from "uqr";
import { login, logout, tellOfNewDevice } from "~/.server/accounts/login.server";
import type { SignedIn } from "~/.server/accounts/members.server";
import { dateFormat } from "~/.server/calendar/date-formats.server";
import { db } from "~/.server/db/client.server";
import { appUsers } from "~/.server/db/schema.server";
import type { Client } from "~/.server/http/client.server";
import { identity, type SecondFactorCode } from "~/.server/identity/identity-service.server";
import { confirmPassword, type PasswordError } from "~/.server/profile/account.server";
import { releaseSlots, takeSlots } from "~/.server/rate-limit/rate-limit.server";
import { recordSecurityEvent } from "~/.server/security/security-events.server";
import type { Language } from "~/i18n/config";

/**
 * Two-factor sign-in: an authenticator app paired from the profile, asked after
 * the password at sign-in, and ten single-use recovery codes. The identity service holds the
 * pairing and the codes (the port's second-factor methods); Cap holds whether the member's
 * sign-in asks for them (`app_users.two_factor_since`, which the guard reads with whoami) and the
 * security events, written in one transaction.
 */

/**
 * Wrong codes are limited like passwords (accounts/login.server.ts): each try takes its slots
 * before the code is checked, a right code gives them back. Per identity, whoever holds the
 * password gets 5 tries in 15 minutes; per client address 30, whichever accounts it tries.
 *
 * On their own these slide forever: 480 tries a day. A code of the step before, of this one or of
 * the next is taken (secrets/totp.server.ts), so 3 codes in a million are right at any moment and a
 * try wins with odds of 3 in 10⁶: 1 − (1 − 3/10⁶)^480, about 1 chance in 695 a day and 41 % in a
 * year. Hence a ceiling over time too (NIST SP 800-63B §5.2.2, at most 100 failed attempts in a
 * row): after 100 wrong codes in a row, however far apart, the app's codes are refused, right or
 * wrong, and only a recovery code (60 random bits) or a password reset by mail (which proves the
 * address and takes the password from whoever knew it) opens the account; either starts the count
 * again, as a right code does. Whoever holds only the password thus wins with odds of
 * 1 − (1 − 3/10⁶)^100, about 1 in 3,334, ever.
 */
export const CODE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_WRONG_CODES_PER_IDENTITY = 5;
export const MAX_WRONG_CODES_PER_IP = 30;
export const MAX_WRONG_CODES_IN_A_ROW = 100;
/**
 * The wrong code in a row that tells the owner their password is known (once an episode, until a
 * right code or a password reset): not the first, which is most often the owner's own typo.
 */
export const WRONG_CODES_NOTICE_AT = 3;

/** The profile's view: since when sign-in asks a code (in the member's words and zone), and how many recovery codes are left. */
export type TwoFactorState = { since: string | null; recoveryCodesLeft: number };

export async function twoFactorState(signedIn: SignedIn, lang: Language): Promise<TwoFactorState> {
  const since = signedIn.twoFactorSince;
  if (!since) return { since: null, recoveryCodesLeft: 0 };
  const format = dateFormat(lang, { dateStyle: "long", timeZone: signedIn.member.time_zone });
  return { since: format.format(since), recoveryCodesLeft: await recoveryCodesLeft(signedIn) };
}

/** How many unused recovery codes the member has (none while two-factor sign-in is off). */
export async function recoveryCodesLeft(signedIn: SignedIn): Promise<number> {
  if (!signedIn.twoFactorSince) return 0;
  return identity().recoveryCodesLeft(signedIn.token, signedIn.identity.id);
}

/**
 * What the setup page shows: the key as a QR code (SVG drawn here, inline as a data: URL, so no
 * script and no request is needed) and in groups of four to type by hand.
 */
export type Pairing = { flowId: string; secret: string; qrCode: string; keyGroups: string[] };

/** What an authenticator app scans: the member's address under the issuer Cap. */
export function otpauthUrl(secret: string, email: string): string {
  return `otpauth://totp/Cap:${encodeURIComponent(email)}?secret=${secret}&issuer=Cap`;
}

export function pairingOf(flowId: string, secret: string, email: string): Pairing {
  const svg = renderSVG(otpauthUrl(secret, email), { border: 2 });
  return {
    flowId,
    secret,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    keyGroups: secret.match(/.{1,4}/g) ?? [],
  };
}

type PasswordRefusal = PasswordError | "alreadyOn" | "notOn";

/** Starts pairing an app, once the password is given again. */
export async function startSetup(
  signedIn: SignedIn,
  password: string,
): Promise<{ ok: true; pairing: Pairing } | { ok: false; error: PasswordRefusal }> {
  if (signedIn.twoFactorSince) return { ok: false, error: "alreadyOn" };
  const check = await confirmPassword(signedIn, password);
  if (!check.ok) return check;
  const setup = await identity().startTotpSetup(signedIn.token, signedIn.identity);
  return { ok: true, pairing: pairingOf(setup.flowId, setup.secret, signedIn.identity.traits.email) };
}

export type CodeRefusal = "codeInvalid" | "tooManyAttempts";

/** Takes a try's slots, runs `check`, gives them back when it was right. */
async function limitedTry(signedIn: SignedIn, client: Client, check: () => Promise<boolean>) {
  const slots = await takeSlots([
    {
      bucket: "second-factor-identity",
      key: signedIn.identity.id,
      max: MAX_WRONG_CODES_PER_IDENTITY,
      windowMs: CODE_WINDOW_MS,
    },
    { bucket: "second-factor-ip", key: client.ip, max: MAX_WRONG_CODES_PER_IP, windowMs: CODE_WINDOW_MS },
  ]);
  if (!slots) return { ok: false as const, error: "tooManyAttempts" as const };
  if (!(await check())) return { ok: false as const, error: "codeInvalid" as const };
  await releaseSlots(slots);
  return { ok: true as const };
}

/**
 * The app's first code confirms the pairing: from now on sign-in asks for a code; the ten
 * recovery codes are answered to be shown once.
 */
export async function confirmSetup(
  signedIn: SignedIn,
  flowId: string,
  code: string,
  client: Client,
): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; error: CodeRefusal | "alreadyOn" }> {
  if (signedIn.twoFactorSince) return { ok: false, error: "alreadyOn" };
  let recoveryCodes: string[] = [];
  const tried = await limitedTry(signedIn, client, async () => {
    const confirmed = await identity().confirmTotpSetup(signedIn.token, signedIn.identity.id, flowId, code);
    if (confirmed.ok) recoveryCodes = confirmed.recoveryCodes;
    return confirmed.ok;
  });
  if (!tried.ok) return tried;
  await db().transaction(async (tx) => {
    await tx.update(appUsers).set({ twoFactorSince: new Date() }).where(eq(appUsers.id, signedIn.member.id));
    await recordSecurityEvent(tx, signedIn.member.id, "twoFactor.enabled", client);
  });
  return { ok: true, recoveryCodes };
}

/** Turns two-factor sign-in off, once the password is given again: the pairing and the codes go. */
export async function removeTwoFactor(
  signedIn: SignedIn,
  password: string,
  client: Client,
): Promise<{ ok: true } | { ok: false; error: PasswordRefusal }> {
  if (!signedIn.twoFactorSince) return { ok: false, error: "notOn" };
  const check = await confirmPassword(signedIn, password);
  if (!check.ok) return check;
  await identity().removeSecondFactor(signedIn.token, signedIn.identity.id);
  await db().transaction(async (tx) => {
    await tx.update(appUsers).set({ twoFactorSince: null }).where(eq(appUsers.id, signedIn.member.id));
    await recordSecurityEvent(tx, signedIn.member.id, "twoFactor.disabled", client);
  });
  return { ok: true };
}

/** Ten new recovery codes (the old ones stop working), once the password is given again. */
export async function regenerateRecoveryCodes(
  signedIn: SignedIn,
  password: string,
  client: Client,
): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; error: PasswordRefusal }> {
  if (!signedIn.twoFactorSince) return { ok: false, error: "notOn" };
  const check = await confirmPassword(signedIn, password);
  if (!check.ok) return check;
  const recoveryCodes = await identity().regenerateRecoveryCodes(signedIn.token, signedIn.identity.id);
  await recordSecurityEvent(db(), signedIn.member.id, "twoFactor.recoveryCodesRegenerated", client);
  return { ok: true, recoveryCodes };
}

/** Sign-in's second step: a right code makes the session whole. */
export async function giveSecondFactor(
  signedIn: SignedIn,
  code: SecondFactorCode,
  client: Client,
): Promise<{ ok: true } | { ok: false; error: SecondStepRefusal }> {
  if (code.method === "totp" && (await wrongCodesInARow(signedIn.member.id)) >= MAX_WRONG_CODES_IN_A_ROW) {
    return { ok: false, error: "codesStopped" };
  }
  const tried = await limitedTry(signedIn, client, () =>
    identity().completeSecondFactor(signedIn.token, signedIn.identity.id, code),
  );
  if (!tried.ok) {
    if (tried.error === "codeInvalid") await countWrongCode(signedIn, client);
    return tried;
  }
  await db().transaction(async (tx) => {
    await tx.update(appUsers).set({ wrongSecondFactorCodes: 0 }).where(eq(appUsers.id, signedIn.member.id));
    if (code.method === "lookup_secret") {
      await recordSecurityEvent(tx, signedIn.member.id, "twoFactor.recoveryCodeUsed", client);
    }
  });
  await tellOfNewDevice(signedIn, client);
  return tried;
}

export type SecondStepRefusal = CodeRefusal | "codesStopped";

async function wrongCodesInARow(memberId: string): Promise<number> {
  const [row] = await db()
    .select({ count: appUsers.wrongSecondFactorCodes })
    .from(appUsers)
    .where(eq(appUsers.id, memberId));
  return row?.count ?? 0;
}

/** One more wrong code in a row; the owner hears, once, that their password is known. */
async function countWrongCode(signedIn: SignedIn, client: Client) {
  await db().transaction(async (tx) => {
    const [row] = await tx
      .update(appUsers)
      .set({ wrongSecondFactorCodes: sql`${appUsers.wrongSecondFactorCodes} + 1` })
      .where(eq(appUsers.id, signedIn.member.id))
      .returning({ count: appUsers.wrongSecondFactorCodes });
    if (row?.count === WRONG_CODES_NOTICE_AT) {
      await recordSecurityEvent(tx, signedIn.member.id, "twoFactor.wrongCodes", client);
    }
  });
}

/** The JSON API's sign-in: the password, then the second factor in the same request when the member's sign-in asks it. */
export type ApiSignIn =
  | { ok: true; token: string }
  | {
      ok: false;
      error:
        | "invalidCredentials"
        | "tooManyAttempts"
        | "secondFactorRequired"
        | "secondFactorInvalid"
        | "secondFactorTooManyAttempts"
        | "secondFactorCodesStopped";
    };

const apiRefusalOf = {
  codeInvalid: "secondFactorInvalid",
  tooManyAttempts: "secondFactorTooManyAttempts",
  codesStopped: "secondFactorCodesStopped",
} as const;

export async function signInWithSecondFactor(
  credentials: { email: string; password: string; totpCode?: string; recoveryCode?: string },
  client: Client,
): Promise<ApiSignIn> {
  const result = await login(credentials.email, credentials.password, client);
  if (!result.ok) return result;
  const { signedIn } = result;
  if (!signedIn?.twoFactorSince) return { ok: true, token: result.token };
  const code: SecondFactorCode | null = credentials.totpCode
    ? { method: "totp", code: credentials.totpCode }
    : credentials.recoveryCode
      ? { method: "lookup_secret", code: credentials.recoveryCode }
      : null;
  const given = code ? await giveSecondFactor(signedIn, code, client) : null;
  if (given?.ok) return { ok: true, token: result.token };
  // No half-signed-in session is left behind: the next try signs in again.
  await logout(result.token);
  if (!given) return { ok: false, error: "secondFactorRequired" };
  return { ok: false, error: apiRefusalOf[given.error] };
}
