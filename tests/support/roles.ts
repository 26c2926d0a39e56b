import { grantRole } from "~/.server/coaching/coaches/role-changes.server";
import { type TestMember, verifiedMember } from "./accounts";

/** A verified member given `role` as an admin would (null: a plain member). */
export async function withRole(email: string, role: "author" | "admin" | "coach" | null): Promise<TestMember> {
  const member = await verifiedMember({ email });
  if (role) await grantRole({ memberId: null }, member.memberId, role);
  return member;
}

/** An admin, Ada Lovelace by default (`firstName` names another one). */
export async function adminMember(email = "ada@example.com", firstName = "Ada"): Promise<TestMember> {
  const member = await verifiedMember({ email, first: { firstName, lastName: "Lovelace" } });
  await grantRole({ memberId: null }, member.memberId, "admin");
  return member;
}
