import { date, index, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, randomId, timestampTz, updatedAt } from "./columns.server";
import { appUsers, memberOf } from "./members.server";
import { trainingModules } from "./learning.server";

// ---------------------------------------------------------------------------------------------
// Member space: main goal, interior weather, commitments, life GPS, crew, invitations, surveys.
// ---------------------------------------------------------------------------------------------

/** The main goal; the current one has no replaced_at, earlier ones are the history. */
export const mainGoals = pgTable(
  "main_goals",
  {
    id: randomId(),
    memberId: memberOf(),
    title: text("title").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    replacedAt: timestampTz("replaced_at"),
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
    id: randomId(),
    memberId: memberOf(),
    title: text("title").notNull(),
    dueDate: date("due_date", { mode: "string" }),
    doneAt: timestampTz("done_at"),
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
    commitmentId: belongsTo("commitment_id", () => commitments.id),
    day: date("day", { mode: "string" }).notNull(),
    doneAt: timestampTz("done_at").notNull().defaultNow(),
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
    id: randomId(),
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
    id: randomId(),
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
    id: randomId(),
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
    id: randomId(),
    inviterId: belongsTo("inviter_id", () => appUsers.id),
    email: text("email").notNull(),
    crewMemberId: uuid("crew_member_id").references(() => crewMembers.id, { onDelete: "set null" }),
    status: text("status", { enum: ["pending", "accepted", "declined", "revoked"] })
      .notNull()
      .default("pending"),
    inviteeId: uuid("invitee_id").references(() => appUsers.id, { onDelete: "set null" }),
    lastSentAt: timestampTz("last_sent_at").notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.inviterId), index().on(t.email)],
);

export type SurveyQuestion = { id: string; prompt: string };

/** A 360 survey the member sends to crew members ("how do you see me"). */
export const surveys = pgTable("surveys", {
  id: randomId(),
  memberId: memberOf(),
  title: text("title").notNull(),
  questions: jsonb("questions").$type<SurveyQuestion[]>().notNull(),
  createdAt: createdAt(),
  /** Closed by the member or once everyone answered: results show only then, and never change. */
  closedAt: timestampTz("closed_at"),
});

/** One crew member's private link to a survey (only the token's hash is kept). */
export const surveyRequests = pgTable(
  "survey_requests",
  {
    id: randomId(),
    surveyId: belongsTo("survey_id", () => surveys.id),
    crewMemberId: uuid("crew_member_id").references(() => crewMembers.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").notNull(),
    answeredAt: timestampTz("answered_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("survey_requests_token_hash_key").on(t.tokenHash)],
);

/** Answers, kept apart from who gave them: results are shown anonymously, from 3 answers on. */
export const surveyAnswers = pgTable(
  "survey_answers",
  {
    id: randomId(),
    surveyId: belongsTo("survey_id", () => surveys.id),
    answers: jsonb("answers").$type<Record<string, { score: number; comment: string }>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.surveyId)],
);
