import type { Executor, Transaction } from "~/.server/db/client.server";
import type { PageVersions } from "~/.server/db/page-versions.server";
import type { Language } from "~/i18n/config";
import type { Window } from "~/.server/paging/paging.server";
import type { KnownDevice } from "~/.server/http/device-cookie.server";
import type { Identity, Session } from "./identity.server";

/**
 * The identity service as Cap uses it (SPEC §7), whichever adapter holds the identities: the
 * embedded store in our database (ORY_SDK_URL unset) or Ory Kratos / Ory Network through
 * `@ory/client`. Callers import this module only; `identity()` (./identity-service.server.ts)
 * answers the adapter chosen at start.
 *
 * Cap keeps its own rate limits in front of every call (accounts/, profile/). What Cap writes with
 * an identity (its member record, a welcome mail) is handed in as a callback that runs in one
 * database transaction: the embedded adapter runs it in the same transaction as the identity's own
 * rows; the Ory adapter after Kratos answered, undoing the Kratos side if the callback fails.
 *
 * Outages: when the identity service cannot be reached (5xx, timeout), calls throw
 * IdentityUnavailableError, which pages answer with 503 — never as "signed out".
 */
export type NewIdentity = {
  email: string;
  password: string;
  name: { first: string; last: string };
  /** The language of the verification email, before a member record exists. */
  lang: Language;
  /** The browser registering, named on the session it starts. */
  userAgent: string | null;
};

export type Registration<T> =
  | { ok: true; token: string; identity: Identity; created: T }
  | { ok: false; error: "emailTaken" | "passwordRejected" };

/** What a member is told when a code is refused. */
export type CodeError = "codeInvalid" | "codeExpired" | "codeTooManyTries" | "codeTooManyTriesFromHere";

/** Who types a code: the client address, and the device cookie the browser carries (code-limits.server.ts). */
export type CodeTry = { ip: string; device?: KnownDevice | null };

export type CodeOutcome = { ok: true; identityId: string; address: string } | { ok: false; error: CodeError };

export type RecoveryOutcome = { ok: true; token: string } | { ok: false; error: CodeError | "passwordRejected" };

/** A signed-in device: one live session of the identity (Kratos: GET /sessions). */
export type DeviceSession = { id: string; userAgent: string | null; authenticatedAt: Date; lastSeenAt: Date };

/** A TOTP pairing being set up: the key to show (in text and as a QR code), and the flow that confirms it. */
export type TotpSetup = { flowId: string; secret: string };

/** What a member gives at the second step of sign-in: a code of their app, or a recovery code. */
export type SecondFactorCode = { method: "totp" | "lookup_secret"; code: string };

/** Runs in Cap's database transaction once the identity service agreed (see above). */
export type AlongWith<T> = (tx: Transaction) => Promise<T>;

/** Runs in Cap's transaction once an address is verified: whose, and which. */
export type OnVerified = (tx: Transaction, verified: { identityId: string; address: string }) => Promise<void>;

export interface IdentityPort {
  readonly kind: "embedded" | "ory";

  /**
   * Creates the identity (its address unverified, a verification code mailed) and a session;
   * `createMember` writes Cap's records for it. Either both exist afterwards or neither does.
   */
  register<T>(
    input: NewIdentity,
    createMember: (tx: Transaction, identity: Identity) => Promise<T>,
  ): Promise<Registration<T>>;
  /** A new session for the email and password, or null when they do not match an active identity. */
  login(email: string, password: string, userAgent: string | null): Promise<{ token: string } | null>;
  /** The live session of a token, or null: the token opens nothing (any more). */
  whoami(token: string): Promise<Session | null>;
  /** Ends the token's session; false when it had none. */
  logout(token: string): Promise<boolean>;
  /**
   * The versions of what a signed-in page of the token's session may show (its member's own and
   * the shared subjects', db/page-versions.server.ts), for the member pages' render cache
   * (http/render-cache.server.ts). Null when the session is not live now, and always under Ory
   * (identities change there without raising anything here).
   */
  pageVersions(token: string): Promise<PageVersions | null>;

  /**
   * Starts a recovery for `email` and answers the id of the flow whose page takes the code; the
   * same answer for an unknown address (no mail goes out for it). Cap's limits come first
   * (accounts/recovery.server.ts), which find the address's identity: given as `identityId` (null:
   * none), an adapter for which a look-up is a remote call does not ask again.
   */
  startRecovery(
    email: string,
    options: { lang: Language; ip: string; identityId?: string | null },
  ): Promise<{ flowId: string }>;
  /** Whether the recovery flow still takes a code. */
  recoveryIsOpen(flowId: string): Promise<boolean>;
  /**
   * The code of the email and a new password: the password is set, every session of the identity
   * ends, the address counts as verified, and a new session is answered. `from`: who types it
   * (a browser known to the account counts its wrong codes alone: code-limits.server.ts).
   */
  completeRecovery(flowId: string, code: string, password: string, from: CodeTry): Promise<RecoveryOutcome>;

  /** A fresh verification code for the identity's address, by email. */
  sendVerification(identity: Identity, options: { lang: Language; firstname: string }): Promise<void>;
  /** The code typed by the signed-in identity; `then` runs once the address is verified. */
  verifyWithCode(identityId: string, code: string, ip: string, then: OnVerified): Promise<CodeOutcome>;
  /**
   * The one-click link of the verification email (flow id and secret); no session needed. The link
   * cannot be guessed, so no wrong-code limit holds it back (code-limits.server.ts).
   */
  verifyWithLink(flowId: string, secret: string, ip: string, then: OnVerified): Promise<CodeOutcome>;

  /** Whether `password` is the signed-in identity's own (before a sensitive change). */
  reauthenticate(token: string, identity: Identity, password: string): Promise<boolean>;
  /** A new password for the signed-in identity; every other session ends. */
  setPassword(
    token: string,
    identityId: string,
    password: string,
  ): Promise<{ ok: true } | { ok: false; error: "passwordRejected" }>;

  /**
   * A window of the identity's live sessions: the token's first, then the most recently seen; and
   * how many there are in all.
   */
  listSessions(
    token: string,
    identityId: string,
    window: Window,
  ): Promise<{ sessions: DeviceSession[]; total: number }>;
  /** Ends one session of the identity; false when it has none of that id. */
  revokeSession(token: string, identityId: string, sessionId: string): Promise<boolean>;
  /** Ends every session of the identity but the token's; how many ended. */
  revokeOtherSessions(token: string, identityId: string): Promise<number>;

  /** The id of the identity with that email address, or null. */
  findIdByEmail(email: string): Promise<string | null>;
  /**
   * The ids of identities whose address contains `part` (an operator's search), at most `limit`.
   * The embedded store matches any part; Kratos finds an identity by its whole identifier only
   * (`credentials_identifier`), so under Ory a part finds nothing and a whole address one.
   */
  findIdsByEmailPart(part: string, limit: number): Promise<string[]>;
  /** The addresses of these identities (a page of the operator's list), in one look-up; unknown ids are left out. */
  emailsOf(identityIds: string[]): Promise<Record<string, string>>;
  /**
   * The identity's email address, or null when there is no such identity. Inside a transaction,
   * pass it: the embedded store reads through it (PGlite has one connection, which the transaction
   * holds); Kratos is asked over HTTP either way.
   */
  emailOf(identityId: string, within?: Executor): Promise<string | null>;
  /** The names the identity's traits carry, kept in step with the member record. */
  setName(identityId: string, name: { first: string; last: string }): Promise<void>;
  /**
   * Replaces the identity's address by `email`, proven by a code Cap checked: verified at once;
   * every session but `keepToken`'s ends. `then` runs in Cap's transaction. Throws
   * EmailTakenError when another identity holds the address.
   */
  replaceEmail(identityId: string, email: string, keepToken: string, then: AlongWith<void>): Promise<void>;
  /**
   * Deletes the identity and its sessions; `before` removes Cap's records in the same step: when the
   * identity service refuses or is away, Cap's records stay too.
   */
  delete(identityId: string, before: AlongWith<void>): Promise<void>;

  /**
   * The identity (an operator's look, whatever its state), or null when there is none; read
   * `within` a transaction of Cap's where the identities are Cap's (embedded).
   */
  find(identityId: string, within?: Executor): Promise<Identity | null>;
  /** How many live sessions (signed-in devices) the identity has. */
  countSessions(identityId: string): Promise<number>;
  /** Ends every session of the identity (an operator's "sign out everywhere"); `then` runs in Cap's transaction. */
  endAllSessions(identityId: string, then: AlongWith<void>): Promise<number>;
  /**
   * Disables (`inactive`: no sign-in, every session ended) or re-enables the identity; `then` runs
   * in Cap's transaction. False when there is no such identity.
   */
  setState(identityId: string, state: Identity["state"], then: AlongWith<void>): Promise<boolean>;

  /** Starts pairing an authenticator app with the signed-in identity; an unconfirmed earlier pairing is dropped. */
  startTotpSetup(token: string, identity: Identity): Promise<TotpSetup>;
  /**
   * The app's first code confirms the pairing (the token's session becomes aal2) and answers ten
   * new recovery codes, shown once; "codeInvalid" when the code is not the app's.
   */
  confirmTotpSetup(
    token: string,
    identityId: string,
    flowId: string,
    code: string,
  ): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; error: "codeInvalid" }>;
  /** Removes the TOTP pairing and every recovery code. */
  removeSecondFactor(token: string, identityId: string): Promise<void>;
  /**
   * An operator's removal of the second factor (the member lost their app and their codes): the
   * TOTP pairing and every recovery code go, and every session of the identity ends (an aal2
   * session someone else holds too); `then` runs in Cap's transaction. No token: the member is
   * not there to give one.
   */
  removeSecondFactorAsOperator(identityId: string, then: AlongWith<void>): Promise<void>;
  /** Ten new recovery codes, replacing the old ones (shown once). */
  regenerateRecoveryCodes(token: string, identityId: string): Promise<string[]>;
  /** How many unused recovery codes the identity has. */
  recoveryCodesLeft(token: string, identityId: string): Promise<number>;
  /**
   * The second step of sign-in: a right code (each TOTP step and each recovery code is accepted
   * once) raises the token's session to aal2; false when the code is wrong or used.
   */
  completeSecondFactor(token: string, identityId: string, code: SecondFactorCode): Promise<boolean>;
}

/** The identity service could not be reached or failed (5xx, timeout): a passing outage, a 503. */
export class IdentityUnavailableError extends Error {
  constructor(cause?: unknown) {
    super("identity service unavailable", { cause });
    this.name = "IdentityUnavailableError";
  }
}

/**
 * Whether `error` is an IdentityUnavailableError. By name, not instanceof: server.ts's outage
 * wrapper and the routes of the server build hold two copies of this module.
 */
export function isIdentityUnavailable(error: unknown): boolean {
  return error instanceof Error && error.name === "IdentityUnavailableError";
}
