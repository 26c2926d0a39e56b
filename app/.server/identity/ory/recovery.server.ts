import type { Language } from "~/i18n/config";
import { db } from "~/.server/db/client.server";
import { normalizeEmail } from "../identity.server";
import type { CodeError, CodeTry, RecoveryOutcome } from "../port.server";
import { findIdByEmail } from "./admin.server";
import { codeMissLimits } from "../code-limits.server";
import { underCodeLimits } from "./code-tries.server";
import type { Kratos } from "./kratos.server";
import { call, continueWith, expectOk, flowMessageIds, RECOVERY_CODE_INVALID, unexpected } from "./mapping.server";
import { forgetFlow, recordedFlow, recordFlow } from "./recorded-flows.server";
import { logout } from "./sessions.server";
import { changePassword } from "./settings.server";

/** Recovery by an emailed code: the code opens a session and its settings flow, where the new password goes. */

/** Kratos's password policy as configured for Cap (ADAPTER-NOTES §4): 8 characters, and bcrypt's 72 bytes. */
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_BYTES = 72;

/** The passwords Kratos's policy refuses for length, known before a recovery code is spent on them. */
function passwordFitsKratos(password: string): boolean {
  return [...password].length >= PASSWORD_MIN_LENGTH && Buffer.byteLength(password, "utf8") <= PASSWORD_MAX_BYTES;
}

export async function startRecovery(
  kratos: Kratos,
  email: string,
  { lang, identityId: known }: { lang: Language; identityId?: string | null },
): Promise<{ flowId: string }> {
  const { frontend } = kratos;
  const address = normalizeEmail(email);
  const identityId = known !== undefined ? known : await findIdByEmail(kratos, address);
  const flow = await expectOk("createNativeRecoveryFlow", frontend.createNativeRecoveryFlow());
  // Recorded before the code goes out: a mailed code always belongs to a flow Cap can complete.
  await recordFlow(db(), { flowId: flow.id, kind: "recovery", identityId, address });
  await expectOk(
    "updateRecoveryFlow",
    frontend.updateRecoveryFlow({
      flow: flow.id,
      // Kratos's recovery mail names no flow: the courier webhook builds the page's link from flow_id.
      updateRecoveryFlowBody: { method: "code", email: address, transient_payload: { lang, flow_id: flow.id } },
    }),
  );
  return { flowId: flow.id };
}

export async function recoveryIsOpen({ frontend }: Kratos, flowId: string): Promise<boolean> {
  if (!(await recordedFlow(flowId, "recovery"))) return false;
  const answer = await call("getRecoveryFlow", frontend.getRecoveryFlow({ id: flowId }));
  if (answer.ok) return answer.data.state === "sent_email";
  if (answer.status === 404 || answer.status === 410) return false;
  throw unexpected("getRecoveryFlow", answer);
}

/** The recovery code: a session and its settings flow, or why not. */
async function submitRecoveryCode(
  { frontend }: Kratos,
  flowId: string,
  code: string,
): Promise<{ ok: true; token: string; settingsFlowId: string } | { ok: false; error: CodeError }> {
  const answer = await call(
    "updateRecoveryFlow",
    frontend.updateRecoveryFlow({ flow: flowId, updateRecoveryFlowBody: { method: "code", code: code.trim() } }),
  );
  if (!answer.ok) {
    // 410: the flow expired. 400: too many codes, or completed already (Kratos answers a new
    // flow); a 303 to that new flow where continue_with transitions are off. Either way the
    // flow's page closes, as an exhausted code's does in the embedded store.
    if ([303, 400, 410].includes(answer.status)) {
      await forgetFlow(flowId);
      return { ok: false, error: "codeExpired" };
    }
    throw unexpected("updateRecoveryFlow", answer);
  }
  const flow = answer.data;
  if (flow.state === "passed_challenge") {
    const token = continueWith(flow.continue_with, "set_ory_session_token")?.ory_session_token;
    const settings = continueWith(flow.continue_with, "show_settings_ui")?.flow.id;
    if (!token || !settings)
      throw new Error(
        "Kratos's recovery passed without a session: turn on feature_flags.use_continue_with_transitions",
      );
    return { ok: true, token, settingsFlowId: settings };
  }
  // Wrong, used and expired codes all look like this.
  if (flowMessageIds(flow).includes(RECOVERY_CODE_INVALID)) return { ok: false, error: "codeInvalid" };
  throw unexpected("updateRecoveryFlow", { status: 200, body: flow });
}

export async function completeRecovery(
  kratos: Kratos,
  flowId: string,
  code: string,
  password: string,
  from: CodeTry,
): Promise<RecoveryOutcome> {
  // Kratos spends the code before it sees the new password (ADAPTER-NOTES R3): what its
  // policy refuses for length is refused here, the code still unspent.
  if (!passwordFitsKratos(password)) return { ok: false, error: "passwordRejected" };
  const flow = await recordedFlow(flowId, "recovery");
  if (!flow) return { ok: false, error: "codeExpired" };
  return underCodeLimits(codeMissLimits(flow.identityId ?? flow.address, from, flow.address), async () => {
    const recovered = await submitRecoveryCode(kratos, flowId, code);
    if (!recovered.ok) return recovered;
    const changed = await changePassword(kratos, recovered.token, recovered.settingsFlowId, password);
    if (changed.ok) return { ok: true as const, token: recovered.token };
    // The code is spent; the session it opened must not outlive the refusal.
    await logout(kratos, recovered.token);
    return changed;
  });
}
