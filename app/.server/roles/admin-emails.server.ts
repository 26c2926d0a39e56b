import { eq } from "drizzle-orm";
import { db, type Executor } from "~/.server/db/client.server";
import { appUsers } from "~/.server/db/schema.server";
import { identity, isVerified } from "~/.server/identity/identity-service.server";
import { logger } from "~/.server/observability/logger.server";
import { grantWithin } from "./roles.server";

/**
 * ADMIN_EMAILS, the first admins: a member whose listed address is verified holds the admin role —
 * granted at start, and when they verify it (a member who registers later). An unverified address
 * grants nothing: whoever registers first with it has not proven it is theirs. Removing an address
 * from the list withdraws nothing (admins do that in the back office).
 */
let listedAddresses: readonly string[] = [];

function listed(address: string): boolean {
  return listedAddresses.includes(address.trim().toLowerCase());
}

/** In the verification's transaction: the member who just proved `address` becomes an admin if it is listed. */
export async function grantAdminIfListed(tx: Executor, memberId: string, address: string): Promise<void> {
  if (listed(address)) await grantWithin(tx, { memberId: null }, memberId, "admin");
}

/**
 * At start, with ADMIN_EMAILS: every listed address's verified member is an admin, and the list is
 * kept for the verifications to come. An identity service away only delays it.
 */
export async function applyAdminEmails(emails: readonly string[]): Promise<void> {
  listedAddresses = emails.map((email) => email.trim().toLowerCase());
  for (const email of listedAddresses) {
    try {
      const identityId = await identity().findIdByEmail(email);
      const found = identityId ? await identity().find(identityId) : null;
      if (!found || !isVerified(found)) continue;
      const [member] = await db().select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.identityId, found.id));
      if (member) await db().transaction((tx) => grantWithin(tx, { memberId: null }, member.id, "admin"));
    } catch (error) {
      logger.warn(
        { err: error, email },
        "ADMIN_EMAILS: could not grant the admin role now; next start or verification will",
      );
    }
  }
}
