import { normalizeEmail, type Identity } from "../identity.server";
import { asClient, type Kratos, withFreshFlow } from "./kratos.server";
import { call, expectOk, flowMessageIds, IDENTITY_DISABLED, INVALID_CREDENTIALS, unexpected } from "./mapping.server";
import { logout } from "./sessions.server";

/** Signing in with a password, and proving it again before a sensitive change (a refresh login). */

export async function login(
  { frontend }: Kratos,
  email: string,
  password: string,
  userAgent: string | null,
): Promise<{ token: string } | null> {
  const answer = await withFreshFlow(async () => {
    const flow = await expectOk("createNativeLoginFlow", frontend.createNativeLoginFlow());
    return call(
      "updateLoginFlow",
      frontend.updateLoginFlow(
        {
          flow: flow.id,
          updateLoginFlowBody: { method: "password", identifier: normalizeEmail(email), password },
        },
        asClient(userAgent),
      ),
    );
  });
  if (answer.ok && answer.data.session_token) return { token: answer.data.session_token };
  // Wrong credentials or an unknown address (4000006, alike), or an inactive identity (4010011).
  const refusal = answer.ok ? [] : flowMessageIds(answer.body);
  if (refusal.includes(INVALID_CREDENTIALS) || refusal.includes(IDENTITY_DISABLED)) return null;
  throw unexpected("updateLoginFlow", answer.ok ? { status: 200, body: answer.data } : answer);
}

export async function reauthenticate(
  kratos: Kratos,
  token: string,
  identity: Identity,
  password: string,
): Promise<boolean> {
  const { frontend } = kratos;
  const flow = await expectOk(
    "createNativeLoginFlow",
    frontend.createNativeLoginFlow({ refresh: true, xSessionToken: token }),
  );
  const answer = await call(
    "updateLoginFlow",
    frontend.updateLoginFlow({
      flow: flow.id,
      xSessionToken: token,
      updateLoginFlowBody: { method: "password", identifier: identity.traits.email, password },
    }),
  );
  if (!answer.ok) {
    if (answer.status === 400 && flowMessageIds(answer.body).includes(INVALID_CREDENTIALS)) return false;
    throw unexpected("updateLoginFlow", answer);
  }
  const { session, session_token: issued } = answer.data;
  if (issued === token) return session.identity?.id === identity.id;
  // Kratos signed in afresh instead of refreshing (the token's session had ended): that is
  // no re-authentication, and the new session must not linger.
  if (issued) await logout(kratos, issued);
  return false;
}
