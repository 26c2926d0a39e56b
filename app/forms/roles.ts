/**
 * Cap's roles beyond `member` (which everyone is, and is not stored): what the database keeps,
 * the services check and the back office's roles card offers. A member may hold several.
 */
export const ROLES = ["coach", "admin", "author"] as const;
export type Role = (typeof ROLES)[number];
