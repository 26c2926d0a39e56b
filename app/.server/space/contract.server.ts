import { z } from "zod";
import type { Operations } from "~/.server/api/openapi.server";
import { successAnswer } from "~/.server/api/respond.server";
import { refusals } from "~/.server/http/refusal-table.server";
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
});

// --- OpenAPI ---------------------------------------------------------------------------------------

const listQuery = pageQueryParameters.map((parameter) =>
  parameter.name === "limit"
    ? { ...parameter, description: `${parameter.description} (default ${SPACE_API_PAGE_SIZE})` }
    : parameter,
);

export const spaceOperations: Operations = {
  "/api/goal": {
    get: {
      summary: "The member's main goal (SPEC §3: title, added and updated dates)",
      signedIn: true,
      ok: { status: 200, schema: goalAnswer, description: "The goal, or null" },
      failures: [401, 403],
    },
    post: {
      summary: 'Set or reword the main goal ("edit"), or set a new one and keep the old in the history ("new")',
      signedIn: true,
      body: goalBody,
      ok: { status: 200, schema: goalAnswer, description: "The goal as saved" },
      failures: [400, 401, 403, 422],
    },
  },
  "/api/goal/history": {
    post: undefined,
    get: {
      summary: "The member's earlier goals, most recently replaced first, a page at a time",
      signedIn: true,
      query: listQuery,
      ok: { status: 200, schema: goalHistoryAnswer, description: "A page of the history" },
      failures: [401, 403, 422],
    },
  },
  "/api/commitments": {
    get: {
      summary: "The member's commitments, open ones first, a page at a time",
      signedIn: true,
      query: listQuery,
      ok: { status: 200, schema: commitmentsAnswer, description: "A page of commitments" },
      failures: [401, 403, 422],
    },
    post: {
      summary: "Add a commitment, with an optional due date and training module",
      signedIn: true,
      body: commitmentBody,
      ok: { status: 201, schema: commitmentAnswer, description: "Added" },
      failures: [400, 401, 403, 422],
    },
  },
  "/api/commitments/{id}": {
    get: {
      summary: "One of the member's commitments",
      signedIn: true,
      path: ["id"],
      ok: { status: 200, schema: commitmentAnswer, description: "The commitment" },
      failures: [401, 403, 404],
    },
    post: {
      summary: "Change a commitment's title, due date and module (a field left out or null is cleared)",
      signedIn: true,
      path: ["id"],
      body: commitmentBody,
      ok: { status: 200, schema: commitmentAnswer, description: "Saved" },
      failures: [400, 401, 403, 404, 422],
    },
  },
  "/api/commitments/{id}/done": {
    get: undefined,
    post: {
      summary: "Mark a commitment done",
      signedIn: true,
      path: ["id"],
      ok: { status: 200, schema: commitmentAnswer, description: "Done" },
      failures: [401, 403, 404],
    },
  },
  "/api/commitments/{id}/undone": {
    get: undefined,
    post: {
      summary: "Open a done commitment again",
      signedIn: true,
      path: ["id"],
      ok: { status: 200, schema: commitmentAnswer, description: "Open again" },
      failures: [401, 403, 404],
    },
  },
  "/api/commitments/{id}/delete": {
    get: undefined,
    post: {
      summary: "Delete a commitment",
      signedIn: true,
      path: ["id"],
      ok: { status: 200, schema: successAnswer, description: "Deleted" },
      failures: [401, 403, 404],
    },
  },
  "/api/weather": {
    get: {
      summary: "My interior weather: today's check-in and the last seven days",
      signedIn: true,
      ok: { status: 200, schema: weatherAnswer, description: "The weather" },
      failures: [401, 403],
    },
    post: {
      summary: "Check in today (in the member's time zone): top or not top; checking in again changes the day's",
      signedIn: true,
      body: weatherBody,
      ok: { status: 200, schema: weatherAnswer, description: "Checked in" },
      failures: [400, 401, 403, 422],
    },
  },
  "/api/life_gps": {
    get: {
      summary: "The member's life-GPS fillings, newest first, a page at a time",
      signedIn: true,
      query: listQuery,
      ok: { status: 200, schema: lifeGpsAnswer, description: "A page of fillings" },
      failures: [401, 403, 422],
    },
    post: {
      summary: "Fill the life GPS: every area rated 0–10 (<area>_score), with an optional note (<area>_note)",
      signedIn: true,
      body: lifeGpsBody,
      ok: { status: 201, schema: lifeGpsEntryAnswer, description: "Saved" },
      failures: [400, 401, 403, 422],
    },
  },
};
