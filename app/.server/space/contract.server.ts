import { z } from "zod";
import { refusals } from "~/.server/contract/refusal-table.server";
import { pageAnswerFields, pageQueryParameters } from "~/.server/paging/paging.server";
import { commitmentSchema, goalSchema, lifeGpsSchema, weatherSchema } from "./forms.server";
import { lifeAreas } from "./life-gps.server";

/**
 * The member space's contract: the JSON API's bodies (the forms' own rules, forms.server.ts) and
 * answers, from which /api/openapi.json is generated, and how each refusal is told, page and API
 * alike. Messages are keys of "space". Every endpoint reads and writes the session's member only:
 * another member's commitment id is 404, as an unknown one.
 */

/** How many items an API list answers a page unless `limit` says otherwise. */
export const SPACE_API_PAGE_SIZE = 20;

/** The API lists' `page` and `limit` query parameters, as /api/openapi.json describes them. */
export const spaceListQuery = pageQueryParameters.map((parameter) =>
  parameter.name === "limit"
    ? { ...parameter, description: `${parameter.description} (default ${SPACE_API_PAGE_SIZE})` }
    : parameter,
);

// --- Bodies ----------------------------------------------------------------------------------------

export const goalBody = goalSchema.describe(
  'intent "edit" (default) rewords the current goal (its updated date changes); "new" sends it to the history',
);

/** The commitment form's rules under the API's snake_case names; null (or left out) clears a field. */
export const commitmentBody = z.object({
  title: commitmentSchema.shape.title,
  due_date: commitmentSchema.shape.dueDate.unwrap().nullable().optional().describe("YYYY-MM-DD"),
  module_id: commitmentSchema.shape.moduleId.unwrap().nullable().optional().describe("A training module's id"),
});

export const weatherBody = weatherSchema;

/** The form's fields: `<area>_score` 0–10 and an optional `<area>_note` for each life area. */
export const lifeGpsBody = lifeGpsSchema.describe(`Areas: ${lifeAreas.join(", ")}`);

// --- Answers ---------------------------------------------------------------------------------------

const goal = z.object({
  id: z.string().uuid(),
  title: z.string(),
  added_at: z.string().datetime(),
  updated_at: z.string().datetime(),
});

export const goalAnswer = z.object({ goal: goal.nullable().describe("null until the member sets one") });

export const goalHistoryAnswer = z.object({
  goals: z.array(goal.extend({ replaced_at: z.string().datetime() })).describe("Most recently replaced first"),
  ...pageAnswerFields,
});

const commitment = z.object({
  id: z.string().uuid(),
  title: z.string(),
  due_date: z.string().nullable().describe("YYYY-MM-DD"),
  module_id: z.string().uuid().nullable(),
  done: z.boolean(),
  done_at: z.string().datetime().nullable(),
  created_at: z.string().datetime(),
  updated_at: z.string().datetime(),
});

export const commitmentAnswer = z.object({ commitment });
export const commitmentsAnswer = z.object({
  commitments: z.array(commitment).describe("Open ones first by due date (none last), then done ones"),
  ...pageAnswerFields,
});

const mood = z.enum(["top", "not_top"]);
export const weatherAnswer = z.object({
  today: z.string().describe("Today in the member's time zone, YYYY-MM-DD"),
  mood: mood.nullable().describe("Today's check-in, null before it"),
  days: z.array(z.object({ day: z.string(), mood: mood.nullable() })).describe("The last seven days, oldest first"),
});

const lifeGpsEntry = z.object({
  id: z.string().uuid(),
  created_at: z.string().datetime(),
  ratings: z.record(z.enum(lifeAreas), z.object({ score: z.number().int().min(0).max(10), note: z.string() })),
});
export const lifeGpsEntryAnswer = z.object({ entry: lifeGpsEntry });
export const lifeGpsAnswer = z.object({
  entries: z.array(lifeGpsEntry).describe("Newest first: the first is the current radar"),
  ...pageAnswerFields,
});

// --- Shapes ----------------------------------------------------------------------------------------

type GoalRow = { id: string; title: string; createdAt: Date; updatedAt: Date; replacedAt: Date | null };
type CommitmentRow = {
  id: string;
  title: string;
  dueDate: string | null;
  moduleId: string | null;
  doneAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};
type LifeGpsRow = { id: string; createdAt: Date; ratings: Record<string, { score: number; note: string }> };

export const goalJson = (row: GoalRow) => ({
  id: row.id,
  title: row.title,
  added_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const replacedGoalJson = (row: GoalRow) => ({
  ...goalJson(row),
  replaced_at: (row.replacedAt ?? row.updatedAt).toISOString(),
});

export const commitmentJson = (row: CommitmentRow) => ({
  id: row.id,
  title: row.title,
  due_date: row.dueDate,
  module_id: row.moduleId,
  done: row.doneAt !== null,
  done_at: row.doneAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const lifeGpsJson = (row: LifeGpsRow) => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  ratings: Object.fromEntries(
    lifeAreas.map((area) => [area, { score: row.ratings[area]?.score ?? 0, note: row.ratings[area]?.note ?? "" }]),
  ),
});

// --- Refusals --------------------------------------------------------------------------------------

export const commitmentRefusals = refusals("space", {
  notFound: { status: 404, field: null, message: "errors.notFound" },
  // A module id that names no module (a forged one would break the foreign key).
  moduleInvalid: {
    status: 422,
    field: "moduleId",
    message: "errors.moduleInvalid",
    api: { base: "errors.checkFields" },
  },
  // Pages only (recurring commitments and pauses are not in the API yet).
  startsOnRange: { status: 422, field: "startsOn", message: "errors.startsOnRange" },
  dayInvalid: { status: 422, field: null, message: "errors.dayInvalid" },
  pauseDates: { status: 422, field: "from", message: "errors.pauseDates" },
  pauseTooLong: { status: 422, field: "until", message: "errors.pauseTooLong" },
  tooManyPauses: { status: 422, field: null, message: "errors.tooManyPauses" },
});
