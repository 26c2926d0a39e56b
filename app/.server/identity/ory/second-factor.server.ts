import type { Identity } from "../identity.server";
import type { SecondFactorCode, TotpSetup } from "../port.server";
import type { Kratos } from "./kratos.server";

/** Placeholder: the Ory second factor (Kratos's `totp` and `lookup_secret` settings, aal2 login) is written on the ory2fa branch. */
function elsewhere(): never {
  throw new Error("Ory second factor: see the ory2fa branch");
}

export async function startTotpSetup(_kratos: Kratos, _token: string, _identity: Identity): Promise<TotpSetup> {
  return elsewhere();
}

export async function confirmTotpSetup(
  _kratos: Kratos,
  _token: string,
  _identityId: string,
  _flowId: string,
  _code: string,
): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; error: "codeInvalid" }> {
  return elsewhere();
}

export async function removeSecondFactor(_kratos: Kratos, _token: string, _identityId: string): Promise<void> {
  return elsewhere();
}

export async function regenerateRecoveryCodes(_kratos: Kratos, _token: string, _identityId: string): Promise<string[]> {
  return elsewhere();
}

export async function recoveryCodesLeft(_kratos: Kratos, _token: string, _identityId: string): Promise<number> {
  return elsewhere();
}

export async function completeSecondFactor(
  _kratos: Kratos,
  _token: string,
  _identityId: string,
  _code: SecondFactorCode,
): Promise<boolean> {
  return elsewhere();
}
