import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, randomId, sideOf, timestampTz, updatedAt, photoColumns } from "./columns.server";
import { appUsers, memberOf } from "./members.server";

// ---------------------------------------------------------------------------------------------
// Coaching: coaches (first seeded from app/content/coaches.json, then run in the back office) and members' discovery sessions.
// ---------------------------------------------------------------------------------------------

export type CoachWeekly = Partial<Record<"sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat", [string, string][]>>;

export const coaches = pgTable("coaches", {
  id: randomId(),
  slug: text("slug").notNull().unique(),
  position: integer("position").notNull(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  photo: text("photo").notNull(),
  bio: jsonb("bio").$type<{ fr: string; en: string }>().notNull(),
  languages: jsonb("languages").$type<string[]>().notNull(),
  timeZone: text("time_zone").notNull(),
  weekly: jsonb("weekly").$type<CoachWeekly>().notNull(),
  sessionMinutes: integer("session_minutes").notNull(),
  bufferMinutes: integer("buffer_minutes").notNull(),
  /** Hours before a session a member may still book it. */
  minNoticeHours: integer("min_notice_hours").notNull().default(12),
  /** How many days ahead members may book. */
  horizonDays: integer("horizon_days").notNull().default(60),
  /** Hours before a session its member may still move or cancel it themselves, 0 to 168. */
  changeNoticeHours: integer("change_notice_hours").notNull().default(24),
  /** The coach's own meeting-room URL template (else the platform's MEETING_URL_TEMPLATE). */
  meetingUrlTemplate: text("meeting_url_template"),
  /** The member account the coach signs in with (null: a coach reached only by the private link). */
  memberId: uuid("member_id")
    .unique()
    .references(() => appUsers.id, { onDelete: "set null" }),
  // A retired coach takes no new booking; their sessions stay.
  retired: boolean("retired").notNull().default(false),
  /** Hash of the seed entry it came from (null: made in the back office). The seed never overwrites a coach. */
  contentHash: text("content_hash"),
  updatedAt: updatedAt(),
  /** The agenda link's generation (not in the content file, so a re-seed keeps it): renewing adds one. */
  agendaGeneration: integer("agenda_generation").notNull().default(0),
});

/**
 * A coach's photo uploaded for their public profile, made by the member photo's
 * pipeline (a 256×256 WebP) and served by /photos/<photo id>.webp like a member's; one per coach.
 */
export const coachPhotos = pgTable(
  "coach_photos",
  {
    coachId: sideOf("coach_id", () => coaches.id),
    ...photoColumns(),
  },
  (t) => [uniqueIndex("coach_photos_photo_id_key").on(t.photoId)],
);

/** A coach's time off: whole days in the coach's zone, and the instants they cover, which no session may touch. */
export const coachTimeOff = pgTable(
  "coach_time_off",
  {
    id: randomId(),
    coachId: belongsTo("coach_id", () => coaches.id),
    firstDay: date("first_day", { mode: "string" }).notNull(),
    lastDay: date("last_day", { mode: "string" }).notNull(),
    startsAt: timestampTz("starts_at").notNull(),
    endsAt: timestampTz("ends_at").notNull(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.coachId, t.startsAt)],
);

/**
 * A discovery session. `blocked_until` is the end plus the coach's buffer: the migration adds an
 * exclusion constraint so that two confirmed sessions of one coach can never overlap, whatever
 * the timing of the requests.
 */
export const coachingBookings = pgTable(
  "coaching_bookings",
  {
    id: randomId(),
    memberId: memberOf(),
    coachId: uuid("coach_id")
      .notNull()
      .references(() => coaches.id, { onDelete: "restrict" }),
    startsAt: timestampTz("starts_at").notNull(),
    endsAt: timestampTz("ends_at").notNull(),
    blockedUntil: timestampTz("blocked_until").notNull(),
    /** The member's time zone when booking: emails and the calendar show the session in it. */
    timeZone: text("time_zone").notNull(),
    /** The member's language when booking: the emails sent later (reminder, coach's cancellation) use it. */
    lang: text("lang", { enum: ["fr", "en"] })
      .notNull()
      .default("fr"),
    meetingUrl: text("meeting_url").notNull(),
    status: text("status", { enum: ["confirmed", "cancelled"] })
      .notNull()
      .default("confirmed"),
    /** The iCalendar SEQUENCE: +1 at each reschedule or cancellation. */
    sequence: integer("sequence").notNull().default(0),
    /** Hash of the token in the coach's cancel link (coaches have no account). */
    coachTokenHash: text("coach_token_hash").notNull(),
    /** The reminders waiting in the mail outbox (member's and coach's), withdrawn when the session moves. */
    reminderMailIds: jsonb("reminder_mail_ids").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Where the member booked from (a module page), to lead them back. */
    fromPath: text("from_path"),
    cancelledAt: timestampTz("cancelled_at"),
    cancelledBy: text("cancelled_by", { enum: ["member", "coach"] }),
    /** Marked by the coach once the session has started; null: not yet. */
    attendance: text("attendance", { enum: ["attended", "missed"] }),
    attendanceMarkedAt: timestampTz("attendance_marked_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.memberId, t.startsAt),
    index().on(t.coachId, t.startsAt),
    uniqueIndex("coaching_bookings_coach_token_key").on(t.coachTokenHash),
  ],
);

/**
 * "Tell me if an earlier time frees up": the member's session waits for an
 * earlier free time with its coach. One row per session; removed when the session is cancelled or
 * moved, and ignored once it has passed. Each time freed with that coach mails the waiting members
 * whose session is later (coaching/earlier-time-offers.server.ts).
 */
export const coachingEarlierTimeWaits = pgTable("coaching_earlier_time_waits", {
  bookingId: sideOf("booking_id", () => coachingBookings.id),
  createdAt: createdAt(),
});

/**
 * Before a session: what the member wants to talk about, and what they let the
 * session's coach see — their main goal, their last life GPS, one training or test result (its
 * slug). One row per booking; nothing is shared until the member says so.
 */
export const coachingSessionPreps = pgTable("coaching_session_preps", {
  bookingId: sideOf("booking_id", () => coachingBookings.id),
  topics: text("topics").notNull().default(""),
  shareGoal: boolean("share_goal").notNull().default(false),
  shareLifeGps: boolean("share_life_gps").notNull().default(false),
  sharedResult: text("shared_result"),
  updatedAt: updatedAt(),
});
