import { eq } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import { appUsers } from "~/.server/db/schema.server";

/**
 * A password changed or reset, or every session ended: the browsers remembered at sign-in's
 * second step (auth/second-step.server.ts) are forgotten, so whoever held one of them meets the
 * code again. A password reset by mail proves the address and takes the password from whoever
 * knew it: the wrong codes in a row start again from nought too (two-factor.server.ts's ceiling).
 */
export async function forgetRememberedDevices(
  tx: Executor,
  identityId: string,
  { passwordReset = false }: { passwordReset?: boolean } = {},
): Promise<void> {
  await tx
    .update(appUsers)
    .set({ devicesForgottenAt: new Date(), ...(passwordReset ? { wrongSecondFactorCodes: 0 } : {}) })
    .where(eq(appUsers.identityId, identityId));
}
