import { Configuration, FrontendApi, IdentityApi } from "@ory/client";
import type { Answer } from "./mapping.server";

/**
 * The two Kratos APIs the Ory adapter calls: the public one (native flows, session tokens in
 * X-Session-Token; never browser flows, cookies or CSRF tokens) and the admin one. Every flow
 * module takes one, so each can be driven alone against a (fake) Kratos.
 */
export type Kratos = { frontend: FrontendApi; admin: IdentityApi; sessionsPageSize?: number };

export type KratosOptions = {
  sdkUrl: string;
  adminUrl: string;
  apiKey?: string;
  timeoutMs: number;
  /** Kratos's page size for GET /sessions (tests pass a small one to walk several pages). */
  sessionsPageSize?: number;
};

export function connectKratos(options: KratosOptions): Kratos {
  // No redirects: Kratos answers some native submissions with a 303 that must be read, not followed.
  const baseOptions = { timeout: options.timeoutMs, maxRedirects: 0 };
  return {
    frontend: new FrontendApi(new Configuration({ basePath: options.sdkUrl, baseOptions })),
    admin: new IdentityApi(new Configuration({ basePath: options.adminUrl, accessToken: options.apiKey, baseOptions })),
    sessionsPageSize: options.sessionsPageSize,
  };
}

/** Submits a new flow; one that expired on the way (410) is tried once more with a fresh one. */
export async function withFreshFlow<T>(submit: () => Promise<Answer<T>>): Promise<Answer<T>> {
  const answer = await submit();
  return !answer.ok && answer.status === 410 ? submit() : answer;
}

/**
 * Kratos records the User-Agent of the request that opens a session and lists it among the
 * session's devices: Cap passes the member's browser's on, instead of the SDK's own.
 */
export const asClient = (userAgent: string | null) =>
  userAgent ? { headers: { "User-Agent": userAgent } } : undefined;
