/** Who a member says they are at /home/who-are-you; registration's user_type (SPEC §1, §9). */
export const userTypes = ["adventurer", "captain", "student"] as const;
export type UserType = (typeof userTypes)[number];
export const defaultUserType: UserType = "adventurer";

export function toUserType(value: unknown): UserType {
  return (userTypes as readonly unknown[]).includes(value) ? (value as UserType) : defaultUserType;
}
