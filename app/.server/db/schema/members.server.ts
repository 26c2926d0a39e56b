import { type AnyPgColumn, boolean, date, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, randomId, sideOf, timestampTz, updatedAt, photoColumns } from "./columns.server";

// ---------------------------------------------------------------------------------------------
// The product's member record (SPEC §3 "app_user"), one per identity.
// ---------------------------------------------------------------------------------------------

export const appUsers = pgTable(
  "app_users",
  {
    id: randomId(),
    // The identity's id in the identity service: a reference, not a foreign key, since under Ory
    // the identity lives in Kratos. Deleting an identity deletes this row explicitly.
    identityId: uuid("identity_id").notNull(),
    firstname: text("firstname").notNull(),
    lastname: text("lastname").notNull(),
    birthDate: date("birth_date", { mode: "string" }).notNull(),
    gender: text("gender").notNull().default("female"),
    mobile: text("mobile"),
    lang: text("lang").notNull().default("fr"),
    /** The IANA zone the member chose (or their browser's, guessed once); null: none yet, Europe/Paris. */
    timeZone: text("time_zone"),
    userType: text("user_type").notNull().default("adventurer"),
    levelOfStudy: text("level_of_study"),
    role: text("role"),
    invitedBy: uuid("invited_by").references((): AnyPgColumn => appUsers.id, { onDelete: "set null" }),
    /**
     * When the member turned two-factor sign-in on (null: off). Cap's own record whatever adapter
     * holds the TOTP secret, so the guard knows without asking the identity service again.
     */
    twoFactorSince: timestampTz("two_factor_since"),
    /** Wrong codes at sign-in's second step since the last right one (two-factor.server.ts's ceiling). */
    wrongSecondFactorCodes: integer("wrong_second_factor_codes").notNull().default(0),
    /** Browsers remembered at the second step before this moment are forgotten (auth/second-step.server.ts). */
    devicesForgottenAt: timestampTz("devices_forgotten_at"),
    /** "Light pages": the member's pages come without any script, on every device. */
    lightPages: boolean("light_pages").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("app_users_identity_id_key").on(t.identityId)],
);

/** The member a row belongs to: it goes when their account does. */
export const memberOf = () => belongsTo("member_id", () => appUsers.id);

/**
 * A member's profile photo, re-encoded to a small WebP. `photoId` is random and
 * new at each upload: the photo's URL, which caches keep for good and the coach's page can show.
 */
export const memberPhotos = pgTable(
  "member_photos",
  {
    memberId: sideOf("member_id", () => appUsers.id),
    ...photoColumns(),
  },
  (t) => [uniqueIndex("member_photos_photo_id_key").on(t.photoId)],
);

/** What a visitor typed in the registration form without JavaScript (never the password). */
export const registrationDrafts = pgTable("registration_drafts", {
  id: randomId(),
  data: jsonb("data").$type<Record<string, string>>().notNull(),
  updatedAt: updatedAt(),
});
