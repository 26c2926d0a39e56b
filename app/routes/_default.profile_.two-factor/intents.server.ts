import { data, redirect } from "@remix-run/node";
import { parseWithZod } from "~/forms/submission";
import type { SignedIn } from "~/.server/accounts/members.server";
import type { Client } from "~/.server/http/client.server";
import { intentOf, refuse, refuseUnknownIntent, refuseWith } from "~/.server/http/form-reply.server";
import { secondFactorRefusals, twoFactorForms, twoFactorPasswordRefusals } from "~/.server/two-factor/contract.server";
import {
  confirmSetup,
  pairingOf,
  regenerateRecoveryCodes,
  removeTwoFactor,
  startSetup,
} from "~/.server/two-factor/two-factor.server";

/**
 * The intents of POST /profile/two-factor. The pairing being set up and the recovery codes are
 * answered in the action's data, never kept by the page: the codes are shown once.
 */
type Post = { signedIn: SignedIn; formData: FormData; client: Client };

const hideFields = ["currentPassword"];

async function start({ signedIn, formData }: Post) {
  const submission = parseWithZod(formData, { schema: twoFactorForms.password });
  if (submission.status !== "success") return refuse(submission.reply({ hideFields }));
  const result = await startSetup(signedIn, submission.value.currentPassword);
  if (!result.ok) return refuseWith(submission, twoFactorPasswordRefusals[result.error], { hideFields });
  return { pairing: result.pairing };
}

async function confirm({ signedIn, formData, client }: Post) {
  const submission = parseWithZod(formData, { schema: twoFactorForms.confirm });
  const flowId = String(formData.get("flowId") ?? "");
  const secret = String(formData.get("secret") ?? "");
  if (submission.status !== "success") {
    // A form this page never sends (no pairing in it) starts over.
    if (!flowId || flowId.length > 128 || !/^[A-Z2-7]{16,128}$/.test(secret)) return refuseUnknownIntent();
    return data(
      {
        ...submission.reply({ hideFields: ["code"] }),
        pairing: pairingOf(flowId, secret, signedIn.identity.traits.email),
      },
      400,
    );
  }
  const { value } = submission;
  const result = await confirmSetup(signedIn, value.flowId, value.code, client);
  if (result.ok) return { recoveryCodes: result.recoveryCodes };
  if (result.error === "alreadyOn") return refuseWith(submission, twoFactorPasswordRefusals.alreadyOn);
  const refusal = secondFactorRefusals[result.error];
  // The member's own key comes back with the form: the QR code is drawn again to try another code.
  const reply = submission.reply({ fieldErrors: { code: [refusal.message] }, hideFields: ["code"] });
  return data(
    { ...reply, pairing: pairingOf(value.flowId, value.secret, signedIn.identity.traits.email) },
    refusal.status,
  );
}

async function regenerate({ signedIn, formData, client }: Post) {
  const submission = parseWithZod(formData, { schema: twoFactorForms.password });
  if (submission.status !== "success") return refuse(submission.reply({ hideFields }));
  const result = await regenerateRecoveryCodes(signedIn, submission.value.currentPassword, client);
  if (!result.ok) return refuseWith(submission, twoFactorPasswordRefusals[result.error], { hideFields });
  return { recoveryCodes: result.recoveryCodes };
}

async function remove({ signedIn, formData, client }: Post) {
  const submission = parseWithZod(formData, { schema: twoFactorForms.password });
  if (submission.status !== "success") return refuse(submission.reply({ hideFields }));
  const result = await removeTwoFactor(signedIn, submission.value.currentPassword, client);
  if (!result.ok) return refuseWith(submission, twoFactorPasswordRefusals[result.error], { hideFields });
  return redirect("/profile/two-factor?saved=removed", 303);
}

const intents = { start, confirm, regenerate, remove };

export function answerTwoFactorPost(post: Post) {
  const intent = intentOf(post.formData, Object.keys(intents) as (keyof typeof intents)[]);
  return intent ? intents[intent](post) : refuseUnknownIntent();
}
