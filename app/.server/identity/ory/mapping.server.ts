import type {
  ContinueWith,
  Identity as KratosIdentity,
  Session as KratosSession,
  UiContainer,
  VerifiableIdentityAddress,
} from "@ory/client";
import type { Identity, Session, VerifiableAddress } from "../identity.server";
import { IdentityUnavailableError, type DeviceSession } from "../port.server";

/**
 * Kratos's answers read the way Cap needs them (shared/ory/ADAPTER-NOTES.md §1): outages told
 * from refusals, identities and sessions in Cap's shape (whatever Kratos or Ory Network add around
 * them), and the message ids of a flow.
 */

// Kratos's ui message ids (shared/ory/kratos-ui-messages.json).
export const INVALID_CREDENTIALS = 4000006;
export const IDENTITY_DISABLED = 4010011;
export const EMAIL_TAKEN = new Set([4000007, 4000028]);
/**
 * The password policy's refusals, on the `password` field: with a reason, too similar to the
 * email, too short, too long, breached, unchanged.
 */
const PASSWORD_REFUSED = new Set([4000005, 4000031, 4000032, 4000033, 4000034, 4000039]);
export const RECOVERY_CODE_INVALID = 4060006;
/**
 * A second factor refused: the app's code is wrong (4000008), no app is paired (4000011), the
 * recovery code was used (4000012), none are set up (4000014), or it is not one of them (4000016).
 */
export const SECOND_FACTOR_REFUSED = new Set([4000008, 4000011, 4000012, 4000014, 4000016]);
export const VERIFICATION_CODE_INVALID = 4070006;

export type Answer<T> = { ok: true; data: T } | { ok: false; status: number; body: unknown };
type HttpFailure = { isAxiosError: true; code?: string; response?: { status: number; data: unknown } };

const isHttpFailure = (error: unknown): error is HttpFailure =>
  typeof error === "object" && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;

/**
 * One Kratos call: its body, or its 4xx status and body for the caller to read. A 5xx, a timeout or
 * no connection at all throws IdentityUnavailableError, never a "no": an outage must not sign
 * anyone out. The thrown error names the operation only: the axios error holds the session token
 * and the API key in its request config, and errors get logged.
 */
export async function call<T>(operation: string, request: Promise<{ data: T }>): Promise<Answer<T>> {
  try {
    return { ok: true, data: (await request).data };
  } catch (error) {
    if (!isHttpFailure(error)) throw error;
    const { response } = error;
    if (!response || response.status >= 500) {
      const what = response ? describeAnswer(response.status, response.data) : (error.code ?? "no answer");
      throw new IdentityUnavailableError(new Error(`Kratos ${operation}: ${what}`));
    }
    return { ok: false, status: response.status, body: response.data };
  }
}

/**
 * An answer the adapter has no meaning for: a bug or a misconfiguration, except Kratos's rate
 * limiting (429), a passing outage like a 5xx.
 */
export function unexpected(operation: string, answer: { status: number; body: unknown }): Error {
  const error = new Error(`Kratos ${operation} answered ${describeAnswer(answer.status, answer.body)}`);
  return answer.status === 429 ? new IdentityUnavailableError(error) : error;
}

export async function expectOk<T>(operation: string, request: Promise<{ data: T }>): Promise<T> {
  const answer = await call(operation, request);
  if (!answer.ok) throw unexpected(operation, answer);
  return answer.data;
}

/** Whether a 400 flow refuses the password itself (the member picks another). */
export const passwordRefused = (body: unknown) =>
  fieldMessageIds(body, "password").some((id) => PASSWORD_REFUSED.has(id));

/** A field Kratos always sends, though its document marks it optional. */
function present<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`Kratos answered without ${what}`);
  return value;
}

const addressStatuses: ReadonlyArray<VerifiableAddress["status"]> = ["pending", "sent", "completed"];

function toAddress(address: VerifiableIdentityAddress): VerifiableAddress {
  const status = addressStatuses.find((known) => known === address.status);
  return {
    id: present(address.id, "an address id"),
    value: address.value,
    verified: address.verified,
    // omitempty in Kratos: absent until verified.
    verified_at: address.verified_at ?? null,
    via: "email",
    status: present(status, `a known address status (got ${address.status})`),
    created_at: present(address.created_at, "an address's created_at"),
    updated_at: present(address.updated_at, "an address's updated_at"),
  };
}

/**
 * Cap's Identity: the fields Cap reads, nothing of `schema_url`, metadata, organization or
 * credentials, and only the traits Cap writes (so whoami answers alike under both adapters).
 */
export function toIdentity(identity: KratosIdentity): Identity {
  const traits = identity.traits as { email: string; name: { first: string; last: string } };
  return {
    id: identity.id,
    schema_id: identity.schema_id,
    state: identity.state === "inactive" ? "inactive" : "active",
    traits: { email: traits.email, name: { first: traits.name.first, last: traits.name.last } },
    verifiable_addresses: (identity.verifiable_addresses ?? []).map(toAddress),
    recovery_addresses: (identity.recovery_addresses ?? []).map((address) => ({
      id: present(address.id, "a recovery address id"),
      value: address.value,
      via: "email" as const,
      created_at: present(address.created_at, "a recovery address's created_at"),
      updated_at: present(address.updated_at, "a recovery address's updated_at"),
    })),
    created_at: present(identity.created_at, "the identity's created_at"),
    updated_at: present(identity.updated_at, "the identity's updated_at"),
  };
}

/** Cap's Session: Kratos leaves the token out of the session it answers, the caller has it. */
export function toSession(session: KratosSession, token: string): Session {
  return {
    id: session.id,
    token,
    identity: toIdentity(present(session.identity, "the session's identity")),
    expires_at: present(session.expires_at, "the session's expires_at"),
    authenticated_at: present(session.authenticated_at, "the session's authenticated_at"),
    // Cap's guard decides whether a second step is due (Kratos is set to answer aal1 sessions too);
    // aal3 (hardware keys) is not a level Cap asks for, and satisfies aal2 all the same.
    aal:
      session.authenticator_assurance_level === "aal2" || session.authenticator_assurance_level === "aal3"
        ? "aal2"
        : "aal1",
  };
}

/**
 * A signed-in device. The first device is the client the session was issued to; Kratos keeps no
 * last-seen time, so the latest of the sign-in and the re-authentication stands for it.
 */
export function toDeviceSession(session: KratosSession): DeviceSession {
  const authenticatedAt = new Date(present(session.authenticated_at, "the session's authenticated_at"));
  const issuedAt = new Date(present(session.issued_at, "the session's issued_at"));
  return {
    id: session.id,
    userAgent: session.devices?.[0]?.user_agent || null,
    authenticatedAt,
    lastSeenAt: authenticatedAt > issuedAt ? authenticatedAt : issuedAt,
  };
}

/**
 * The next page's token of a Kratos list, from its `Link` header (`<…?page_size=…&page_token=…>;
 * rel="next"`); null on the last page.
 */
export function nextPageToken(link: unknown): string | null {
  if (typeof link !== "string") return null;
  for (const part of link.split(",")) {
    const [target, ...attributes] = part.split(";").map((piece) => piece.trim());
    if (!attributes.some((attribute) => /^rel="?next"?$/.test(attribute))) continue;
    const url = target.match(/^<(.*)>$/)?.[1];
    return url ? new URL(url, "http://kratos.invalid").searchParams.get("page_token") : null;
  }
  return null;
}

/** The ui of a flow, whether answered as a success (200) or in an error response's body (400). */
function uiOf(body: unknown): UiContainer | undefined {
  return typeof body === "object" && body !== null && "ui" in body ? (body as { ui: UiContainer }).ui : undefined;
}

/** The flow's own messages (`ui.messages[].id`), such as 4000006 or 4060006. */
export function flowMessageIds(body: unknown): number[] {
  return (uiOf(body)?.messages ?? []).map((message) => message.id);
}

/** The messages of one field of the flow (`ui.nodes[name].messages[].id`), such as the password's. */
export function fieldMessageIds(body: unknown, name: string): number[] {
  return (uiOf(body)?.nodes ?? [])
    .filter((node) => (node.attributes as { name?: string }).name === name)
    .flatMap((node) => node.messages.map((message) => message.id));
}

/** Every message of the flow, its own and its fields': Kratos puts a refused code at either, by method. */
export function allMessageIds(body: unknown): number[] {
  return [...flowMessageIds(body), ...(uiOf(body)?.nodes ?? []).flatMap((node) => node.messages.map((m) => m.id))];
}

/** The `error.id` of Kratos's `errorGeneric` body, such as "session_refresh_required". */
export function errorId(body: unknown): string | undefined {
  return (body as { error?: { id?: string } } | undefined)?.error?.id;
}

/** What the answer says to do next, of one kind: the session token, the settings or verification flow. */
export function continueWith<A extends ContinueWith["action"]>(
  items: ContinueWith[] | undefined,
  action: A,
): Extract<ContinueWith, { action: A }> | undefined {
  return items?.find((item): item is Extract<ContinueWith, { action: A }> => item.action === action);
}

/** For an error message: the status, then Kratos's error id and reason, or the flow's messages by field. */
export function describeAnswer(status: number, body: unknown): string {
  const error = (body as { error?: { id?: string; reason?: string } } | undefined)?.error;
  if (error) return `${status} ${error.id ?? ""} ${error.reason ?? ""}`.trim();
  const ui = uiOf(body);
  const messages = [
    ...(ui?.messages ?? []).map((message) => String(message.id)),
    ...(ui?.nodes ?? []).flatMap((node) =>
      node.messages.map((message) => `${(node.attributes as { name?: string }).name}: ${message.id}`),
    ),
  ];
  return messages.length > 0 ? `${status} (${messages.join(", ")})` : String(status);
}
