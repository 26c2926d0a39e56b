import { getEndpoint, postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { successAnswer } from "~/.server/contract/operation.server";
import { clientOf } from "~/.server/http/client.server";
import {
  recoveryCodesAnswer,
  twoFactorApiBodies,
  twoFactorConfirmRefusals,
  twoFactorPasswordRefusals,
  twoFactorSetupAnswer,
  twoFactorStateAnswer,
} from "~/.server/two-factor/contract.server";
import {
  confirmSetup,
  otpauthUrl,
  recoveryCodesLeft,
  regenerateRecoveryCodes,
  removeTwoFactor,
  startSetup,
} from "~/.server/two-factor/two-factor.server";

/** Two-factor sign-in from the API, as /profile/two-factor does it. */
const state = getEndpoint("/api/profile/two-factor", {
  summary: "Whether sign-in asks a second factor, since when, and how many recovery codes are left",
  ok: { status: 200, schema: twoFactorStateAnswer, description: "The state" },
  async handler({ signedIn }) {
    const since = signedIn.twoFactorSince;
    const left = await recoveryCodesLeft(signedIn);
    return apiAnswer({ enabled: since !== null, since: since?.toISOString() ?? null, recovery_codes_left: left });
  },
});

const setup = postEndpoint("/api/profile/two-factor/setup", {
  summary: "Start pairing an authenticator app (the password again): its key; confirm with its first code",
  body: twoFactorApiBodies.password,
  refusals: twoFactorPasswordRefusals,
  ok: { status: 200, schema: twoFactorSetupAnswer, description: "The key to give the app" },
  async handler({ signedIn, body, refuse }) {
    const result = await startSetup(signedIn, (await body()).current_password);
    if (!result.ok) return refuse(result.error);
    const { flowId, secret } = result.pairing;
    return apiAnswer({
      flow_id: flowId,
      secret,
      otpauth_url: otpauthUrl(secret, signedIn.identity.traits.email),
    });
  },
});

const confirm = postEndpoint("/api/profile/two-factor/confirm", {
  summary: "Confirm the pairing with the app's first code: sign-in asks a code from now on; ten recovery codes",
  body: twoFactorApiBodies.confirm,
  refusals: twoFactorConfirmRefusals,
  ok: { status: 200, schema: recoveryCodesAnswer, description: "On, with its recovery codes" },
  async handler({ request, context, signedIn, body, refuse }) {
    const { flow_id, code } = await body();
    const result = await confirmSetup(signedIn, flow_id, code, clientOf(request, context));
    return result.ok ? apiAnswer({ recovery_codes: result.recoveryCodes }) : refuse(result.error);
  },
});

const regenerate = postEndpoint("/api/profile/two-factor/recovery-codes", {
  summary: "Ten new recovery codes (the password again); the old ones stop working",
  body: twoFactorApiBodies.password,
  refusals: twoFactorPasswordRefusals,
  ok: { status: 200, schema: recoveryCodesAnswer, description: "The new codes" },
  async handler({ request, context, signedIn, body, refuse }) {
    const result = await regenerateRecoveryCodes(signedIn, (await body()).current_password, clientOf(request, context));
    return result.ok ? apiAnswer({ recovery_codes: result.recoveryCodes }) : refuse(result.error);
  },
});

const remove = postEndpoint("/api/profile/two-factor/remove", {
  summary: "Turn two-factor sign-in off (the password again): the pairing and the recovery codes go",
  body: twoFactorApiBodies.password,
  refusals: twoFactorPasswordRefusals,
  ok: { status: 200, schema: successAnswer, description: "Off" },
  async handler({ request, context, signedIn, body, refuse }) {
    const result = await removeTwoFactor(signedIn, (await body()).current_password, clientOf(request, context));
    return result.ok ? apiAnswer({ success: true }) : refuse(result.error);
  },
});

export const endpoints = [state, setup, confirm, regenerate, remove];
