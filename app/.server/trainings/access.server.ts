import { and, count, eq } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { accessCodes, accessCodeUses, entitlements, trainings } from "~/.server/db/schema.server";
import { memberOfIdentity } from "~/.server/accounts/members.server";
import { identity } from "~/.server/identity/identity-service.server";
import { releaseSlots, takeSlots } from "~/.server/rate-limit/rate-limit.server";
import { grantTraining } from "./training-grants.server";

/**
 * Payable trainings open through an entitlement: granted by an invitation, an access code the
 * member types, an admin on the member's page, or `npm run grant -- <email> <training-slug>`.
 */
export type RedeemResult =
  | { ok: true; trainingSlug: string }
  | { ok: false; error: "codeUnknown" | "codeTooManyTries" };

/** Wrong codes a member may type in a quarter of an hour: guessing a generated code stays hopeless. */
export const CODE_TRIES = { max: 10, windowMs: 15 * 60 * 1000 };

/**
 * Opens the code's training to the member. An unknown, disabled, expired or used-up code gets the
 * same answer (nothing about a code or who used it leaks); a member who used it before may type it
 * again (one use each). The code's row is locked for the transaction, so two members typing the
 * last use of a code at once cannot both get it. Only wrong codes count against the member's tries.
 */
export async function redeemCode(memberId: string, typed: string): Promise<RedeemResult> {
  const code = typed.trim().toUpperCase();
  const slots = await takeSlots([{ bucket: "access-code-tries", key: memberId, ...CODE_TRIES }]);
  if (!slots) return { ok: false, error: "codeTooManyTries" };
  const slug = await db().transaction(async (tx) => {
    const [found] = await tx
      .select({
        trainingId: accessCodes.trainingId,
        expiresAt: accessCodes.expiresAt,
        maxUses: accessCodes.maxUses,
        disabledAt: accessCodes.disabledAt,
      })
      .from(accessCodes)
      .where(eq(accessCodes.code, code))
      .for("update");
    if (!found || found.disabledAt || (found.expiresAt && found.expiresAt <= new Date())) return null;
    const [already] = await tx
      .select({ code: accessCodeUses.code })
      .from(accessCodeUses)
      .where(and(eq(accessCodeUses.code, code), eq(accessCodeUses.memberId, memberId)));
    if (!already) {
      if (found.maxUses !== null) {
        const [{ n }] = await tx.select({ n: count() }).from(accessCodeUses).where(eq(accessCodeUses.code, code));
        if (n >= found.maxUses) return null;
      }
      await tx.insert(accessCodeUses).values({ code, memberId }).onConflictDoNothing();
    }
    await tx
      .insert(entitlements)
      .values({ memberId, trainingId: found.trainingId, source: "code" })
      .onConflictDoNothing();
    const [training] = await tx
      .select({ slug: trainings.slug })
      .from(trainings)
      .where(eq(trainings.id, found.trainingId));
    return training.slug;
  });
  if (slug === null) return { ok: false, error: "codeUnknown" };
  await releaseSlots(slots);
  return { ok: true, trainingSlug: slug };
}

/** For the grant command: the member with this email gets the payable training, audited as the command line's. */
export async function grantByEmail(
  email: string,
  trainingSlug: string,
): Promise<"granted" | "noMember" | "noTraining"> {
  const identityId = await identity().findIdByEmail(email);
  const member = identityId ? await memberOfIdentity(db(), identityId) : null;
  if (!member) return "noMember";
  const outcome = await grantTraining({ memberId: null }, member.id, trainingSlug);
  return outcome.ok ? "granted" : outcome.error;
}
