/** What happened to a member's account that they should hear of (issue 25 item 6). */
export type SecurityEventKind =
  | "signIn.newDevice"
  | "password.changed"
  | "password.recovered"
  | "email.changed"
  | "twoFactor.enabled"
  | "twoFactor.disabled"
  | "twoFactor.recoveryCodesRegenerated"
  | "twoFactor.recoveryCodeUsed"
  | "signIn.lockedOut";
