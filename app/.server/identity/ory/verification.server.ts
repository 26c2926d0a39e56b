import { db } from "~/.server/db/client.server";
import type { Language } from "~/i18n/config";
import type { Identity } from "../identity.server";
import type { CodeOutcome, OnVerified } from "../port.server";
import { codeMissLimits } from "../code-limits.server";
import { underCodeLimits } from "./code-tries.server";
import type { Kratos } from "./kratos.server";
import { call, expectOk, flowMessageIds, unexpected, VERIFICATION_CODE_INVALID } from "./mapping.server";
import { type RecordedFlow, recordedFlow, recordFlow, verificationFlowOf } from "./recorded-flows.server";

/** Verifying an address: a code mailed through a flow Cap records, taken typed or through the email's link. */

export async function sendVerification(
  { frontend }: Kratos,
  identity: Identity,
  { lang, firstname }: { lang: Language; firstname: string },
): Promise<void> {
  const address = identity.verifiable_addresses[0]?.value ?? identity.traits.email;
  const flow = await expectOk("createNativeVerificationFlow", frontend.createNativeVerificationFlow());
  await recordFlow(db(), { flowId: flow.id, kind: "verification", identityId: identity.id, address });
  await expectOk(
    "updateVerificationFlow",
    frontend.updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: "code", email: address, transient_payload: { lang, firstname } },
    }),
  );
}

/**
 * The code of a verification flow Cap recorded; `then` runs once the address is verified. A code
 * typed at client address `typedAt` meets Cap's wrong-code limits; the email's link (null) does not:
 * it names the flow, whose id only the email carries, so it cannot be guessed, and strangers'
 * wrong codes must not make it fail (Kratos still counts the flow's own tries).
 */
async function verify(
  { frontend }: Kratos,
  flow: RecordedFlow | undefined,
  code: string,
  typedAt: string | null,
  then: OnVerified,
): Promise<CodeOutcome> {
  if (!flow?.identityId) return { ok: false, error: "codeExpired" };
  const verified = { identityId: flow.identityId, address: flow.address };
  const submit = async (): Promise<CodeOutcome> => {
    const answer = await call(
      "updateVerificationFlow",
      frontend.updateVerificationFlow({
        flow: flow.flowId,
        updateVerificationFlowBody: { method: "code", code: code.trim() },
      }),
    );
    if (answer.ok && answer.data.state === "passed_challenge") {
      await db().transaction((tx) => then(tx, verified));
      return { ok: true, ...verified };
    }
    if (answer.ok && flowMessageIds(answer.data).includes(VERIFICATION_CODE_INVALID))
      return { ok: false, error: "codeInvalid" };
    // Expired, or replaced: a used code (a spent link, as in the embedded store), too many tries.
    if (!answer.ok && answer.status === 410) return { ok: false, error: "codeExpired" };
    throw unexpected("updateVerificationFlow", answer.ok ? { status: 200, body: answer.data } : answer);
  };
  if (typedAt === null) return submit();
  return underCodeLimits(
    codeMissLimits(verified.identityId, { ip: typedAt }, verified.address, "verification"),
    submit,
  );
}

/** The code typed by the signed-in identity, for its open verification flow. */
export async function verifyWithCode(kratos: Kratos, identityId: string, code: string, ip: string, then: OnVerified) {
  return verify(kratos, await verificationFlowOf(identityId), code, ip, then);
}

/** The email's one-click link: the flow it names and Kratos's code as its secret. */
export async function verifyWithLink(kratos: Kratos, flowId: string, secret: string, then: OnVerified) {
  return verify(kratos, await recordedFlow(flowId, "verification"), secret, null, then);
}
