import { randomBytes, randomUUID } from "node:crypto";
import { identityJson, type IdentityStore } from "./identities";

/** Sessions and their `ory_st_…` tokens (native apps send them as `X-Session-Token`). */

export type AuthMethod = "password" | "code_recovery";

export type StoredSession = {
  id: string;
  token: string;
  identityId: string;
  active: boolean;
  issuedAt: Date;
  authenticatedAt: Date;
  expiresAt: Date;
  methods: Array<{ method: AuthMethod; completedAt: Date }>;
};

export class SessionStore {
  private readonly sessions = new Map<string, StoredSession>();

  constructor(
    private readonly now: () => Date,
    private readonly lifespanMs: number,
  ) {}

  create(identityId: string, method: AuthMethod): StoredSession {
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

  /** A re-authentication: same session and token, fresh `authenticated_at`. */
  refresh(session: StoredSession, method: AuthMethod): void {
    const now = this.now();
    session.authenticatedAt = now;
    session.methods.push({ method, completedAt: now });
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
    authenticator_assurance_level: "aal1",
    authentication_methods: session.methods.map((m) => ({
      method: m.method,
      aal: "aal1",
      completed_at: m.completedAt.toISOString(),
    })),
    issued_at: session.issuedAt.toISOString(),
    identity: identity ? identityJson(identity, baseUrl) : undefined,
    devices: [],
  };
}
