import { DAY_MS } from "~/.server/calendar/days.server";

/** An identity as Ory Kratos answers it (SPEC §3, §7), whichever adapter holds it. */
export type VerifiableAddress = {
  id: string;
  value: string;
  verified: boolean;
  verified_at: string | null;
  via: "email";
  status: "pending" | "sent" | "completed";
  created_at: string;
  updated_at: string;
};

export type Identity = {
  id: string;
  schema_id: string;
  state: "active" | "inactive";
  traits: { email: string; name: { first: string; last: string } };
  verifiable_addresses: VerifiableAddress[];
  recovery_addresses: { id: string; value: string; via: "email"; created_at: string; updated_at: string }[];
  created_at: string;
  updated_at: string;
};

export type Session = {
  id: string;
  token: string;
  identity: Identity;
  expires_at: string;
  authenticated_at: string;
  /** Kratos's authenticator assurance level: aal2 once a second factor was given on this session. */
  aal: "aal1" | "aal2";
};

/** Self-service flows that send a code by email. */
export type CodeFlow = "recovery" | "verification" | "email_change";

export class EmailTakenError extends Error {
  constructor() {
    super("email taken");
    this.name = "EmailTakenError";
  }
}

export function isVerified(identity: Identity): boolean {
  return identity.verifiable_addresses[0]?.verified === true;
}

/** Addresses are compared and stored trimmed and lower-cased: one account per address. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** How long a session lasts (Kratos: `session.lifespan: 720h`), and the token cookie with it. */
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
