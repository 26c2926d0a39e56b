/** What happened to a member's account that they should hear of. */
export const securityEventKinds = [
  "signIn.newDevice",
  "password.changed",
  "password.recovered",
  "email.changed",
  "twoFactor.enabled",
  "twoFactor.disabled",
  "twoFactor.recoveryCodesRegenerated",
  "twoFactor.recoveryCodeUsed",
  "twoFactor.wrongCodes",
  "signIn.lockedOut",
] as const;

export type SecurityEventKind = (typeof securityEventKinds)[number];
