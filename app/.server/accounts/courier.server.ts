import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { env } from "~/.server/config/env.server";
import { db } from "~/.server/db/client.server";
import { identity } from "~/.server/identity/identity-service.server";
import { codeMailQueued, type IdentityMail, queueIdentityMail } from "~/.server/mail/identity-mail.server";
import { logger } from "~/.server/observability/logger.server";
import { isLanguage } from "~/i18n/config";

/**
 * Kratos's courier, HTTP delivery strategy (docs/operations.md, "Identities on Ory"): Kratos POSTs each message
 * as `{recipient, template_type, template_data}` to /api/hooks/ory/courier with ORY_COURIER_KEY in
 * the X-Cap-Courier-Key header; Cap renders its own template in the member's language into its
 * outbox, so every email looks like Cap's and survives an SMTP outage.
 */
export const COURIER_KEY_HEADER = "X-Cap-Courier-Key";

const code = z.string().regex(/^\d{4,12}$/);
const transientPayload = z
  .object({
    lang: z.string().max(8).optional(),
    firstname: z.string().max(200).optional(),
    flow_id: z.string().uuid().optional(),
  })
  .partial()
  .optional();
const identityRef = z.object({ id: z.string().uuid() }).passthrough().optional();

export const courierMessage = z.union([
  z.object({
    template_type: z.literal("verification_code_valid"),
    recipient: z.string().email().max(254),
    template_data: z
      .object({
        verification_code: code,
        verification_url: z.string().url().max(2048),
        identity: identityRef,
        transient_payload: transientPayload,
      })
      .passthrough(),
  }),
  z.object({
    template_type: z.literal("recovery_code_valid"),
    recipient: z.string().email().max(254),
    template_data: z
      .object({ recovery_code: code, identity: identityRef, transient_payload: transientPayload })
      .passthrough(),
  }),
  // Other templates (codes asked for unknown addresses, SMS…) are off in Cap's Kratos settings.
  z
    .object({
      template_type: z
        .string()
        .max(100)
        .refine((type) => type !== "verification_code_valid" && type !== "recovery_code_valid"),
      recipient: z.string().max(254),
    })
    .passthrough(),
]);
export type CourierMessage = z.infer<typeof courierMessage>;

/** Whether the webhook is on (the Ory adapter runs) and the request carries its key. */
export function courierKeyMatches(given: string | null): boolean {
  const expected = env().ORY_COURIER_KEY;
  if (identity().kind !== "ory" || !expected || !given) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Queues the message's mail; "ignored" for a template Cap does not send or a message it cannot
 * link to a page (the courier must not retry those). Delivering the same code twice mails once.
 */
export async function deliverCourierMessage(message: CourierMessage): Promise<"queued" | "ignored"> {
  const mail = identityMailOf(message);
  if (!mail) {
    logger.warn({ template: message.template_type }, "courier message ignored");
    return "ignored";
  }
  await db().transaction(async (tx) => {
    if (await codeMailQueued(tx, mail.to, mail.code)) return;
    await queueIdentityMail(tx, mail);
  });
  return "queued";
}

function identityMailOf(message: CourierMessage): IdentityMail | null {
  if (!("template_data" in message)) return null;
  const data = message.template_data as {
    identity?: { id: string };
    transient_payload?: { lang?: string; firstname?: string; flow_id?: string };
  };
  const payload = data.transient_payload ?? {};
  const common = {
    to: message.recipient,
    identityId: data.identity?.id ?? null,
    lang: isLanguage(payload.lang) ? payload.lang : ("fr" as const),
    firstname: payload.firstname ?? "",
  };
  if (message.template_type === "verification_code_valid") {
    const { verification_code, verification_url } = message.template_data as {
      verification_code: string;
      verification_url: string;
    };
    const flowId = new URL(verification_url).searchParams.get("flow");
    if (!flowId || !z.string().uuid().safeParse(flowId).success) return null;
    return { kind: "verification", code: verification_code, flowId, linkSecret: verification_code, ...common };
  }
  if (message.template_type === "recovery_code_valid") {
    // Kratos's recovery model carries no flow id: the adapter put it in the transient payload.
    if (!payload.flow_id) return null;
    const { recovery_code } = message.template_data as { recovery_code: string };
    return { kind: "recovery", code: recovery_code, flowId: payload.flow_id, ...common };
  }
  return null;
}
