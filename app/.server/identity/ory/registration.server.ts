import type { Transaction } from "~/.server/db/client.server";
import { db } from "~/.server/db/client.server";
import { logger } from "~/.server/observability/logger.server";
import { type Identity, normalizeEmail } from "../identity.server";
import type { NewIdentity, Registration } from "../port.server";
import { deleteIdentity } from "./admin.server";
import { asClient, type Kratos, withFreshFlow } from "./kratos.server";
import {
  call,
  continueWith,
  EMAIL_TAKEN,
  expectOk,
  flowMessageIds,
  passwordRefused,
  toIdentity,
  unexpected,
} from "./mapping.server";
import { recordFlow } from "./recorded-flows.server";

/**
 * A registration: Kratos creates the identity and its session first; Cap's member record follows
 * in a database transaction, and a registration whose member record fails is undone in Kratos.
 */
export async function register<T>(
  kratos: Kratos,
  input: NewIdentity,
  createMember: (tx: Transaction, identity: Identity) => Promise<T>,
): Promise<Registration<T>> {
  const { frontend } = kratos;
  const email = normalizeEmail(input.email);
  const answer = await withFreshFlow(async () => {
    const flow = await expectOk("createNativeRegistrationFlow", frontend.createNativeRegistrationFlow());
    return call(
      "updateRegistrationFlow",
      frontend.updateRegistrationFlow(
        {
          flow: flow.id,
          updateRegistrationFlowBody: {
            method: "password",
            password: input.password,
            traits: { email, name: input.name },
            // For the verification mail, sent before Cap's member record exists.
            transient_payload: { lang: input.lang, firstname: input.name.first },
          },
        },
        asClient(input.userAgent),
      ),
    );
  });
  if (!answer.ok) {
    if (answer.status === 400 && flowMessageIds(answer.body).some((id) => EMAIL_TAKEN.has(id)))
      return { ok: false, error: "emailTaken" };
    if (answer.status === 400 && passwordRefused(answer.body)) return { ok: false, error: "passwordRejected" };
    throw unexpected("updateRegistrationFlow", answer);
  }
  const { identity: created, session_token: token, continue_with } = answer.data;
  try {
    if (!token) throw new Error("Kratos's registration answered no session: add the `session` hook after it");
    const identity = toIdentity(created);
    const verification = continueWith(continue_with, "show_verification_ui");
    const member = await db().transaction(async (tx) => {
      if (verification) {
        const { id: flowId, verifiable_address: address } = verification.flow;
        await recordFlow(tx, { flowId, kind: "verification", identityId: identity.id, address });
      }
      return createMember(tx, identity);
    });
    return { ok: true, token, identity, created: member };
  } catch (error) {
    // Neither or both: the identity goes. Should that fail too, the member's error still wins.
    await deleteIdentity(kratos, created.id).catch((cleanup: unknown) =>
      logger.error({ err: cleanup, identityId: created.id }, "a Kratos identity without a member is left over"),
    );
    throw error;
  }
}
