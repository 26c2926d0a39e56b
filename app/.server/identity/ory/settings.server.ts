import { db } from "~/.server/db/client.server";
import { EmailTakenError, normalizeEmail } from "../identity.server";
import type { AlongWith } from "../port.server";
import { patchIdentity } from "./admin.server";
import type { Kratos } from "./kratos.server";
import { call, errorId, expectOk, passwordRefused, unexpected } from "./mapping.server";
import { endOtherSessions } from "./sessions.server";

/** What a signed-in member changes about their identity: password (a settings flow), name and address (admin). */

/** A new password through a settings flow of the token's session; every other session then ends. */
export async function changePassword(
  kratos: Kratos,
  token: string,
  settingsFlowId: string,
  password: string,
): Promise<{ ok: true } | { ok: false; error: "passwordRejected" }> {
  const answer = await call(
    "updateSettingsFlow",
    kratos.frontend.updateSettingsFlow({
      flow: settingsFlowId,
      xSessionToken: token,
      updateSettingsFlowBody: { method: "password", password },
    }),
  );
  if (!answer.ok) {
    if (answer.status === 400 && passwordRefused(answer.body)) return { ok: false, error: "passwordRejected" };
    if (answer.status === 403 && errorId(answer.body) === "session_refresh_required")
      throw new Error("Kratos refuses a password change on a stale session: reauthenticate() first");
    throw unexpected("updateSettingsFlow", answer);
  }
  await endOtherSessions(kratos, token);
  return { ok: true };
}

export async function setPassword(kratos: Kratos, token: string, password: string) {
  const flow = await expectOk(
    "createNativeSettingsFlow",
    kratos.frontend.createNativeSettingsFlow({ xSessionToken: token }),
  );
  return changePassword(kratos, token, flow.id, password);
}

export async function setName(kratos: Kratos, identityId: string, name: { first: string; last: string }) {
  const answer = await patchIdentity(kratos, identityId, [{ op: "replace", path: "/traits/name", value: name }]);
  if (!answer.ok) throw unexpected("patchIdentity", answer);
}

export async function replaceEmail(
  kratos: Kratos,
  identityId: string,
  email: string,
  keepToken: string,
  then: AlongWith<void>,
) {
  const value = normalizeEmail(email);
  const answer = await patchIdentity(kratos, identityId, [
    { op: "replace", path: "/traits/email", value },
    // Kratos derives the addresses from the traits, keeping a supplied address's fields for the
    // same value: the new one is verified at once (Cap checked its code), the old one goes.
    {
      op: "replace",
      path: "/verifiable_addresses",
      value: [{ value, via: "email", verified: true, verified_at: new Date().toISOString(), status: "completed" }],
    },
  ]);
  if (!answer.ok) {
    if (answer.status === 409) throw new EmailTakenError();
    throw unexpected("patchIdentity", answer);
  }
  await endOtherSessions(kratos, keepToken);
  await db().transaction((tx) => then(tx));
}
