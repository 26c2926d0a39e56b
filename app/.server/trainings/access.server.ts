import { and, eq, gt, isNull, or } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { accessCodes, entitlements, trainings } from "~/.server/db/schema.server";
import { memberOfIdentity } from "~/.server/accounts/members.server";
import { identity } from "~/.server/identity/identity-service.server";
import { grantTraining } from "./training-grants.server";

/**
 * Payable trainings open through an entitlement: granted by an invitation, a freemium code the
 * member types, an admin on the member's page, or `npm run grant -- <email> <training-slug>`.
 */
export type RedeemResult = { ok: true; trainingSlug: string } | { ok: false; error: "codeUnknown" };

export async function redeemCode(memberId: string, typed: string): Promise<RedeemResult> {
  const code = typed.trim().toUpperCase();
  const [found] = await db()
    .select({ trainingId: accessCodes.trainingId, slug: trainings.slug })
    .from(accessCodes)
    .innerJoin(trainings, eq(trainings.id, accessCodes.trainingId))
    .where(
      and(
        eq(accessCodes.code, code),
        isNull(accessCodes.disabledAt),
        or(isNull(accessCodes.expiresAt), gt(accessCodes.expiresAt, new Date())),
      ),
    );
  if (!found) return { ok: false, error: "codeUnknown" };
  await db()
    .insert(entitlements)
    .values({ memberId, trainingId: found.trainingId, source: "code" })
    .onConflictDoNothing();
  return { ok: true, trainingSlug: found.slug };
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
