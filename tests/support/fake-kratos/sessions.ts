import { randomBytes, randomUUID } from "node:crypto";
import { identityJson, type IdentityStore } from "./identities";

/** Sessions and their `ory_st_…` tokens (native apps send them as `X-Session-Token`). */

export type AuthMethod = "password" | "code_recovery" | "totp" | "lookup_secret";

/** What each method proves: a second factor raises the session to aal2. */
const levelOf = (method: AuthMethod): "aal1" | "aal2" =>
  method === "totp" || method === "lookup_secret" ? "aal2" : "aal1";

/**
 * The client a session was issued to (Kratos's `sessionDevice`): Kratos records the issuing
 * request's User-Agent and address on the session and lists them as `devices`.
 */
export type Device = { id: string; user_agent?: string; ip_address?: string; location: string };

export type StoredSession = {
  id: string;
  token: string;
  identityId: string;
  active: boolean;
  issuedAt: Date;
  authenticatedAt: Date;
  expiresAt: Date;
  methods: Array<{ method: AuthMethod; completedAt: Date }>;
  devices: Device[];
};

export class SessionStore {
  private readonly sessions = new Map<string, StoredSession>();

  constructor(
    private readonly now: () => Date,
    private readonly lifespanMs: number,
  ) {}

  create(identityId: string, method: AuthMethod, client: { userAgent?: string; ipAddress?: string }): StoredSession {
    const now = this.now();
    const session: StoredSession = {
      id: randomUUID(),
      token: `ory_st_${randomBytes(24).toString("base64url").replace(/[-_]/g, "x")}`,
      identityId,
      active: true,
      issuedAt: now,
      authenticatedAt: now,
      expiresAt: new Date(now.getTime() + this.lifespanMs),
      methods: [{ method, completedAt: now }],
      // Without Cloudflare's geo headers Kratos stores an empty location.
      devices: [{ id: randomUUID(), user_agent: client.userAgent, ip_address: client.ipAddress, location: "" }],
    };
    this.sessions.set(session.id, session);
    return session;
  }

  /** An active, unexpired session for this token, or nothing. */
  byToken(token: string | undefined): StoredSession | undefined {
    if (!token) return undefined;
    const session = [...this.sessions.values()].find((candidate) => candidate.token === token);
    return session && this.isActive(session) ? session : undefined;
  }

  get(id: string): StoredSession | undefined {
    return this.sessions.get(id);
  }

  isActive(session: StoredSession): boolean {
    return session.active && session.expiresAt > this.now();
  }

  /**
   * A re-authentication, or a second factor at an aal2 login: same session and token, fresh
   * `authenticated_at` (the time of the last factor given).
   */
  refresh(session: StoredSession, method: AuthMethod): void {
    const now = this.now();
    session.authenticatedAt = now;
    session.methods.push({ method, completedAt: now });
  }

  /** A factor proven outside a login (pairing an app in settings): the level rises, `authenticated_at` stays. */
  addMethod(session: StoredSession, method: AuthMethod): void {
    session.methods.push({ method, completedAt: this.now() });
  }

  /** The identity's sessions, ended and expired ones too. */
  allOfIdentity(identityId: string): StoredSession[] {
    return [...this.sessions.values()].filter((session) => session.identityId === identityId);
  }

  ofIdentity(identityId: string): StoredSession[] {
    return [...this.sessions.values()].filter((session) => session.identityId === identityId && this.isActive(session));
  }

  revoke(session: StoredSession): void {
    session.active = false;
  }

  deleteOfIdentity(identityId: string): void {
    for (const session of [...this.sessions.values()])
      if (session.identityId === identityId) this.sessions.delete(session.id);
  }
}

/** Kratos's level: the highest any of the session's methods proved. */
export const assuranceLevel = (session: StoredSession): "aal1" | "aal2" =>
  session.methods.some((m) => levelOf(m.method) === "aal2") ? "aal2" : "aal1";

export function sessionJson(
  session: StoredSession,
  identities: IdentityStore,
  baseUrl: string,
): Record<string, unknown> {
  const identity = identities.get(session.identityId);
  return {
    id: session.id,
    active: session.active,
    expires_at: session.expiresAt.toISOString(),
    authenticated_at: session.authenticatedAt.toISOString(),
    authenticator_assurance_level: assuranceLevel(session),
    authentication_methods: session.methods.map((m) => ({
      method: m.method,
      aal: levelOf(m.method),
      completed_at: m.completedAt.toISOString(),
    })),
    issued_at: session.issuedAt.toISOString(),
    identity: identity ? identityJson(identity, baseUrl) : undefined,
    devices: session.devices,
  };
}
