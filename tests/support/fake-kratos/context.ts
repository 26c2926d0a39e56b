import type { Courier } from "./courier";
import type { Reply } from "./errors";
import type { FlowStore } from "./flows";
import type { IdentityStore } from "./identities";
import type { SessionStore } from "./sessions";

/** What every route handler gets: the fake's state, and the parsed request. */

export type Context = {
  baseUrl: string;
  now: () => Date;
  identities: IdentityStore;
  sessions: SessionStore;
  flows: FlowStore;
  courier: Courier;
  privilegedSessionMaxAgeMs: number;
  codeLifespanMs: number;
  maxCodeSubmissions: number;
  /** `selfservice.methods.totp.config.issuer`. */
  totpIssuer: string;
  /** `session.whoami.required_aal` and `selfservice.flows.settings.required_aal` (Cap: aal1 for both). */
  whoamiRequiredAal: "aal1" | "highest_available";
  settingsRequiredAal: "aal1" | "highest_available";
};

export type Request = {
  query: URLSearchParams;
  pathParams: Record<string, string>;
  sessionToken?: string;
  /** The client as Kratos records it on a session it issues (the session's `devices`). */
  client: { userAgent?: string; ipAddress?: string };
  /** Already checked against the operation's request schema. */
  body: any;
};

export type Handler = (context: Context, request: Request) => Reply | Promise<Reply>;
