import type { Executor } from "~/.server/db/client.server";
import { appUsers } from "~/.server/db/schema.server";
import { identity, normalizeEmail } from "~/.server/identity/identity-service.server";
import { DAY_MS } from "~/.server/calendar/days.server";
import { mailQuotaKey } from "~/.server/rate-limit/mail-quota-key.server";
import { releaseSlots, trySlots } from "~/.server/rate-limit/rate-limit.server";
import { deviceCookieHeader, type KnownDevice } from "~/.server/http/device-cookie.server";
import type { Language } from "~/i18n/config";

/** A registration, parsed and valid (SPEC §3 registration payload). */
export type Registration = {
  firstname: string;
  lastname: string;
  birthDate: string;
  gender: string;
  email: string;
  mobile: string | null;
  password: string;
  userType: string;
  /**
   * The language the member reads, pages and mails from the first (verification) on: the pages'
   * they registered in. Not the payload's `lang`, which SPEC §3 fixes at fr whatever the pages.
   */
  lang: Language;
  /** The browser registering, named on the session it starts. */
  userAgent?: string | null;
  /** The client address registering, for its quota. */
  ip: string;
  /** The browser's device cookie, if it has one: the new account joins the accounts it knows. */
  device?: KnownDevice | null;
};

/** What the caller's own use case writes in the registration's transaction, once the member exists. */
export type AlsoOnCreation = (tx: Executor, memberId: string) => Promise<void>;

export type RegistrationError =
  | "emailTaken"
  | "passwordRejected"
  | "tooManyRegistrationsForAddress"
  | "tooManyRegistrationsFromHere";
export type RegistrationResult =
  | { ok: true; token: string; memberId: string; deviceCookie: string }
  | { ok: false; error: RegistrationError };

/**
 * Each registration mails a verification code: per inbox (case and sub-addresses folded, so
 * `x+1@`, `x+2@`, … count as one) 3 accounts a day; per client address 200 an hour and 1,000 a
 * day — far above what an office behind one address registers (the whole browser suite, JS on
 * and off, registers about 90 from 127.0.0.1), low enough that one client cannot mass-create
 * accounts.
 */
export const REGISTRATIONS_PER_INBOX_PER_DAY = 3;
export const REGISTRATIONS_PER_IP_PER_HOUR = 200;
export const REGISTRATIONS_PER_IP_PER_DAY = 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Creates the identity (its verification code mailed), the member record and a session: either
 * all of it exists afterwards or none of it does (identity/port.server.ts says how per adapter).
 * The quotas' slots are taken first, atomically (parallel registrations cannot overshoot), and
 * given back when the registration is refused: no account, no mail.
 */
export async function register(
  input: Registration,
  inTransaction: AlsoOnCreation = async () => {},
): Promise<RegistrationResult> {
  const taken = await trySlots([
    {
      bucket: "registration-inbox",
      key: mailQuotaKey(normalizeEmail(input.email)),
      max: REGISTRATIONS_PER_INBOX_PER_DAY,
      windowMs: DAY_MS,
    },
    { bucket: "registration-ip", key: input.ip, max: REGISTRATIONS_PER_IP_PER_HOUR, windowMs: HOUR_MS },
    { bucket: "registration-ip-day", key: input.ip, max: REGISTRATIONS_PER_IP_PER_DAY, windowMs: DAY_MS },
  ]);
  if (!taken.ok) {
    const error =
      taken.full.bucket === "registration-inbox" ? "tooManyRegistrationsForAddress" : "tooManyRegistrationsFromHere";
    return { ok: false, error };
  }
  try {
    const registered = await create(input, inTransaction);
    if (!registered.ok) await releaseSlots(taken.ids);
    return registered;
  } catch (error) {
    await releaseSlots(taken.ids);
    throw error;
  }
}

async function create(input: Registration, inTransaction: AlsoOnCreation): Promise<RegistrationResult> {
  const name = { first: input.firstname, last: input.lastname };
  const registered = await identity().register(
    { email: input.email, password: input.password, name, lang: input.lang, userAgent: input.userAgent ?? null },
    async (tx, created) => {
      const [member] = await tx
        .insert(appUsers)
        .values({
          identityId: created.id,
          firstname: input.firstname,
          lastname: input.lastname,
          birthDate: input.birthDate,
          gender: input.gender,
          mobile: input.mobile,
          lang: input.lang,
          userType: input.userType,
        })
        .returning({ id: appUsers.id });
      await inTransaction(tx, member.id);
      return member.id;
    },
  );
  if (!registered.ok) return registered;
  // The browser that registered is the account's first known device (login.server.ts).
  const deviceCookie = deviceCookieHeader(input.device ?? null, normalizeEmail(registered.identity.traits.email));
  return { ok: true, token: registered.token, memberId: registered.created, deviceCookie };
}
