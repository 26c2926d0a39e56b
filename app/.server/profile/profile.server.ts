import { eq } from "drizzle-orm";
import { memberOfIdentity, type SignedIn } from "~/.server/accounts/members.server";
import { db } from "~/.server/db/client.server";
import { appUsers } from "~/.server/db/schema.server";
import { identity, openCodeAddress } from "~/.server/identity/identity-service.server";
import { photoUrl } from "~/.server/media/photo.server";

/** The profile of SPEC §2/§3 as the page and the API show it. */
export type Profile = {
  firstname: string;
  lastname: string;
  email: string;
  mobile: string | null;
  birth_date: string;
  level_of_study: string | null;
  role: string | null;
  user_type: string;
  /** The new address of an email change waiting for its code, if any. */
  pending_email: string | null;
  /** The profile photo's URL (photo.server.ts), or null. */
  photo_url: string | null;
};

export async function profileOf({ identity, member, photoId }: SignedIn): Promise<Profile> {
  return {
    firstname: member.firstname,
    lastname: member.lastname,
    email: identity.traits.email,
    mobile: member.mobile,
    birth_date: member.birth_date,
    level_of_study: member.level_of_study,
    role: member.role,
    user_type: member.user_type,
    pending_email: await openCodeAddress(identity.id, "email_change"),
    photo_url: photoId ? photoUrl(photoId) : null,
  };
}

/** What a member may change of their record; a key left out stays as it is. */
export type ProfileChanges = Partial<{
  firstname: string;
  lastname: string;
  birthDate: string;
  mobile: string | null;
  levelOfStudy: string | null;
  role: string | null;
  userType: string;
}>;

/** Updates the session's own member (never another: there is no id to give) and the identity's name. */
export async function updateProfile(signedIn: SignedIn, changes: ProfileChanges): Promise<Profile> {
  const { member } = signedIn;
  const updated = await db().transaction(async (tx) => {
    await tx
      .update(appUsers)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(appUsers.id, member.id));
    return (await memberOfIdentity(tx, signedIn.identity.id))!;
  });
  // The member record is the source of truth; the identity's traits follow it (a failure here
  // leaves them behind until the next save, never the record).
  if (changes.firstname !== undefined || changes.lastname !== undefined) {
    await identity().setName(signedIn.identity.id, { first: updated.firstname, last: updated.lastname });
  }
  return profileOf({ ...signedIn, member: updated });
}

/** "+33 612345678" from the form's country code and number; null when no number was typed. */
export function joinMobile(countryCode: string, number: string | undefined): string | null {
  return number ? `+${countryCode} ${number}` : null;
}
