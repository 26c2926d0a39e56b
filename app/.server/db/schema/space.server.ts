import {
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.server";
import { appUsers, memberOf } from "./members.server";
import { trainingModules } from "./learning.server";

// ---------------------------------------------------------------------------------------------
// Member space: main goal, interior weather, commitments, life GPS, crew, invitations, surveys.
// ---------------------------------------------------------------------------------------------

/** The main goal; the current one has no replaced_at, earlier ones are the history. */
export const mainGoals = pgTable(
  "main_goals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: memberOf(),
    title: text("title").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
  },
  (t) => [index().on(t.memberId, t.createdAt)],
);

/** The daily "interior weather" check-in: top or not top, one per member and day. */
export const weatherCheckins = pgTable(
  "weather_checkins",
  {
    memberId: memberOf(),
    day: date("day", { mode: "string" }).notNull(),
    mood: text("mood", { enum: ["top", "not_top"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.day] })],
);

export const commitments = pgTable(
  "commitments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: memberOf(),
    title: text("title").notNull(),
    dueDate: date("due_date", { mode: "string" }),
    doneAt: timestamp("done_at", { withTimezone: true }),
    moduleId: uuid("module_id").references(() => trainingModules.id, { onDelete: "set null" }),
    /**
     * A recurring commitment has one of these two rules, from `startsOn`: the ISO
     * weekdays it falls on as bits (Monday 1, Tuesday 2, … Sunday 64), or every N days. Both
     * null: a one-off commitment, with its due date and doneAt. A check keeps them exclusive.
     */
    repeatWeekdays: smallint("repeat_weekdays"),
    repeatEveryDays: smallint("repeat_every_days"),
    startsOn: date("starts_on", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.memberId, t.dueDate)],
);

/** A day a recurring commitment fell on and that the member marked done (no row: not done). */
export const commitmentOccurrences = pgTable(
  "commitment_occurrences",
  {
    commitmentId: uuid("commitment_id")
      .notNull()
      .references(() => commitments.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commitmentId, t.day] })],
);

/**
 * Days off (holidays, illness), both ends included, in the member's own days: of one commitment,
 * or of all of them when `commitmentId` is null. A paused day is neither late nor held against
 * the member's streak.
 */
export const commitmentPauses = pgTable(
  "commitment_pauses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: memberOf(),
    commitmentId: uuid("commitment_id").references(() => commitments.id, { onDelete: "cascade" }),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.memberId, t.endsOn)],
);

export type LifeGpsRatings = Record<string, { score: number; note: string }>;

/** One filling of the life-GPS exercise: each life area rated 0–10 with a note. */
export const lifeGpsEntries = pgTable(
  "life_gps_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: memberOf(),
    ratings: jsonb("ratings").$type<LifeGpsRatings>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.memberId, t.createdAt)],
);

/** A person in the member's crew; `joinedMemberId` once they registered through the invitation. */
export const crewMembers = pgTable(
  "crew_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: memberOf(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    relation: text("relation").notNull(),
    joinedMemberId: uuid("joined_member_id").references(() => appUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("crew_members_member_email_key").on(t.memberId, t.email)],
);

/** An invitation to join Cap; its id is the invited_id of the registration link. */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    inviterId: uuid("inviter_id")
      .notNull()
      .references(() => appUsers.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    crewMemberId: uuid("crew_member_id").references(() => crewMembers.id, { onDelete: "set null" }),
    status: text("status", { enum: ["pending", "accepted", "declined", "revoked"] })
      .notNull()
      .default("pending"),
    inviteeId: uuid("invitee_id").references(() => appUsers.id, { onDelete: "set null" }),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.inviterId), index().on(t.email)],
);

export type SurveyQuestion = { id: string; prompt: string };

/** A 360 survey the member sends to crew members ("how do you see me"). */
export const surveys = pgTable("surveys", {
  id: uuid("id").primaryKey().defaultRandom(),
  memberId: memberOf(),
  title: text("title").notNull(),
  questions: jsonb("questions").$type<SurveyQuestion[]>().notNull(),
  createdAt: createdAt(),
  /** Closed by the member or once everyone answered: results show only then, and never change. */
  closedAt: timestamp("closed_at", { withTimezone: true }),
});

/** One crew member's private link to a survey (only the token's hash is kept). */
export const surveyRequests = pgTable(
  "survey_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    surveyId: uuid("survey_id")
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    crewMemberId: uuid("crew_member_id").references(() => crewMembers.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("survey_requests_token_hash_key").on(t.tokenHash)],
);

/** Answers, kept apart from who gave them: results are shown anonymously, from 3 answers on. */
export const surveyAnswers = pgTable(
  "survey_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    surveyId: uuid("survey_id")
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    answers: jsonb("answers").$type<Record<string, { score: number; comment: string }>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.surveyId)],
);
