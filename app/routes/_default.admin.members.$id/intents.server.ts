import { redirect } from "@remix-run/node";
import { parseWithZod } from "~/forms/submission";
import { memberRefusals, roleSchema, trainingSchema, twoFactorRemovalSchema } from "~/.server/admin/contract.server";
import { removeTwoFactorFor, resendVerificationFor } from "~/.server/admin/member-account.server";
import { setAccountState, signOutEverywhere } from "~/.server/admin/members.server";
import type { Client } from "~/.server/http/client.server";
import { intentOf, refuseUnknownIntent, refuse, refuseWith } from "~/.server/http/form-reply.server";
import { grantRole, withdrawRole } from "~/.server/coaching/coaches/role-changes.server";
import { grantTraining, withdrawTraining } from "~/.server/trainings/training-grants.server";
import { requestRefund } from "~/.server/payments/refunds.server";
import { refundSchema } from "~/forms/price";

/**
 * The intents of POST /admin/members/<id>, one small function each: parse, call the service, then
 * redirect with what was done (PRG), or answer the refusal over the form it came from.
 */
export const savedMessages = [
  "granted",
  "withdrawn",
  "trainingGranted",
  "trainingWithdrawn",
  "signedOut",
  "verificationSent",
  "disabled",
  "enabled",
  "twoFactorRemoved",
  "refundAsked",
] as const;

type Post = { adminId: string; memberId: string; formData: FormData; client: Client };

const saved = (memberId: string, what: (typeof savedMessages)[number]) =>
  redirect(`/admin/members/${memberId}?saved=${what}`, 303);

function changeRole(change: "grant" | "withdraw") {
  return async ({ adminId, memberId, formData }: Post) => {
    const submission = parseWithZod(formData, { schema: roleSchema });
    if (submission.status !== "success") return refuse(submission.reply());
    const actor = { memberId: adminId };
    const role = submission.value.role;
    const outcome =
      change === "grant" ? await grantRole(actor, memberId, role) : await withdrawRole(actor, memberId, role);
    if (!outcome.ok) return refuseWith(submission, memberRefusals[outcome.error]);
    return saved(memberId, change === "grant" ? "granted" : "withdrawn");
  };
}

function changeTraining(change: "grant" | "withdraw") {
  return async ({ adminId, memberId, formData }: Post) => {
    const submission = parseWithZod(formData, { schema: trainingSchema });
    if (submission.status !== "success") return refuse(submission.reply());
    const actor = { memberId: adminId };
    const slug = submission.value.training;
    const outcome =
      change === "grant" ? await grantTraining(actor, memberId, slug) : await withdrawTraining(actor, memberId, slug);
    if (!outcome.ok) return refuseWith(submission, memberRefusals[outcome.error]);
    return saved(memberId, change === "grant" ? "trainingGranted" : "trainingWithdrawn");
  };
}

async function signOut({ adminId, memberId, formData }: Post) {
  const outcome = await signOutEverywhere(adminId, memberId);
  if (!outcome.ok) return refuseWith(replying(formData), memberRefusals[outcome.error]);
  return saved(memberId, "signedOut");
}

async function resend({ adminId, memberId, formData }: Post) {
  const outcome = await resendVerificationFor(adminId, memberId);
  if (!outcome.ok) return refuseWith(replying(formData), memberRefusals[outcome.error]);
  return saved(memberId, "verificationSent");
}

function accountState(state: "active" | "inactive") {
  return async ({ adminId, memberId, formData }: Post) => {
    const outcome = await setAccountState(adminId, memberId, state);
    if (!outcome.ok) return refuseWith(replying(formData), memberRefusals[outcome.error]);
    return saved(memberId, state === "inactive" ? "disabled" : "enabled");
  };
}

async function removeTwoFactor({ adminId, memberId, formData, client }: Post) {
  const submission = parseWithZod(formData, { schema: twoFactorRemovalSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const outcome = await removeTwoFactorFor(adminId, memberId, submission.value.reason, client);
  if (!outcome.ok) return refuseWith(submission, memberRefusals[outcome.error]);
  return saved(memberId, "twoFactorRemoved");
}

const refundStatus = { noPayment: 404, notRefundable: 409, paymentsUnavailable: 503 } as const;

/** A refund asked of Stripe; access goes when Stripe confirms it (charge.refunded). */
async function refund({ adminId, memberId, formData }: Post) {
  const submission = parseWithZod(formData, { schema: refundSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const outcome = await requestRefund(
    { memberId: adminId },
    memberId,
    submission.value.session,
    submission.value.reason,
  );
  if (!outcome.ok) {
    return refuse(submission.reply({ formErrors: [`payments.errors.${outcome.error}`] }), refundStatus[outcome.error]);
  }
  return saved(memberId, "refundAsked");
}

/** conform's reply for a form with no fields but its intent: the message over that form. */
function replying(formData: FormData) {
  return {
    reply: ({ formErrors }: { formErrors?: string[] }) => ({
      status: "error" as const,
      initialValue: { intent: String(formData.get("intent") ?? "") },
      error: { "": formErrors ?? null },
    }),
  };
}

const intents = {
  grant: changeRole("grant"),
  withdraw: changeRole("withdraw"),
  grantTraining: changeTraining("grant"),
  withdrawTraining: changeTraining("withdraw"),
  signOutEverywhere: signOut,
  resendVerification: resend,
  disable: accountState("inactive"),
  enable: accountState("active"),
  removeTwoFactor,
  refund,
};

/** Answers the post's intent; an unknown one is refused with a message over the page. */
export function answerMemberPost(post: Post) {
  const intent = intentOf(post.formData, Object.keys(intents) as (keyof typeof intents)[]);
  return intent ? intents[intent](post) : refuseUnknownIntent();
}
