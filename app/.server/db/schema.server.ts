/** The database schema, one file per area under schema/ (drizzle.config.ts reads them all). */
export * from "./schema/identity.server";
export * from "./schema/members.server";
export * from "./schema/infrastructure.server";
export * from "./schema/notifications.server";
export * from "./schema/learning.server";
export * from "./schema/space.server";
export * from "./schema/coaching.server";
export * from "./schema/staff.server";
export * from "./schema/security.server";
export * from "./schema/legal.server";
export * from "./schema/payments.server";
