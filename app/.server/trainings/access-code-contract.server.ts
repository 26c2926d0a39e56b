import { z } from "zod";
import { addDays, isCalendarDay } from "~/.server/calendar/days.server";
import { refusals } from "~/.server/contract/refusal-table.server";
import { pageAnswerFields } from "~/.server/paging/paging.server";
import { requiredText } from "~/forms/required-text";

/**
 * The operator's access-code forms, API bodies and answers. Messages are
 * keys of "admin" under errors.codes (the API translates only `errors.` keys). Checked on the server
 * only: nothing of zod reaches the back office's pages.
 */
export const MAX_USES = 100_000;
export const MAX_NOTE_LENGTH = 500;
/** How far ahead an expiry may be: five years of days. */
export const MAX_EXPIRY_DAYS = 5 * 366;
export const CODES_PAGE_SIZE = 20;
export const CODE_USES_PAGE_SIZE = 50;

/** A code an admin types: 4–32 letters, digits and dashes, kept upper-case (codes are typed case-insensitively). */
export const CODE_PATTERN = /^[A-Za-z0-9-]{4,32}$/;

const e = (key: string) => `errors.codes.${key}`;

const typedCode = z
  .string()
  .trim()
  .min(4, e("codeLength"))
  .max(32, e("codeLength"))
  .regex(/^[A-Za-z0-9-]+$/, e("codeCharacters"))
  .transform((code) => code.toUpperCase());

const training = requiredText(e("trainingRequired"), 200, e("trainingInvalid"), e("trainingRequired"));

const maxUses = z
  .number({ invalid_type_error: e("usesInvalid") })
  .refine((n) => Number.isInteger(n) && n >= 1 && n <= MAX_USES, e("usesInvalid"));

const note = z
  .string({ invalid_type_error: e("noteTooLong") })
  .trim()
  .max(MAX_NOTE_LENGTH, e("noteTooLong"));

/** The last day a code works, "YYYY-MM-DD" in the admin's time zone: from today to five years ahead. */
const expiryDay = (today: string) =>
  z.string({ invalid_type_error: e("expiryInvalid") }).superRefine((day, context) => {
    const problem = isCalendarDay(day) ? expiryRefusal(day, today) : "expiryInvalid";
    if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: e(problem) });
  });

export type NewCode = {
  training: string;
  code?: string;
  maxUses?: number;
  expiresOn?: string;
  note?: string;
};

/** The create form of /admin/codes/new; `today` is the admin's day (an expiry is checked against it). */
export function codeFormSchema(today: string) {
  return z.object({
    training,
    code: typedCode.optional(),
    maxUses: maxUses.optional(),
    expiresOn: expiryDay(today).optional(),
    note: note.optional(),
  });
}

/**
 * POST /api/admin/codes: the form's rules under snake_case names; null or left out: none. Whether
 * the expiry is within range depends on the admin's day: the handler checks it (expiryRefusal).
 */
export const codeBody = z.object({
  training: training.describe("A payable training's slug"),
  code: typedCode.nullable().optional().describe("4–32 letters, digits, dashes; left out: one is generated"),
  max_uses: maxUses.nullable().optional().describe(`How many members may use it, 1–${MAX_USES}; null: any number`),
  expires_on: z
    .string({ invalid_type_error: e("expiryInvalid") })
    .refine(isCalendarDay, e("expiryInvalid"))
    .nullable()
    .optional()
    .describe("YYYY-MM-DD, the last day it works in the admin's time zone (today to five years ahead)"),
  note: note.nullable().optional().describe(`At most ${MAX_NOTE_LENGTH} characters`),
});

/** Why an expiry day is out of range for an admin whose day is `today`, or null. */
export function expiryRefusal(day: string, today: string): "expiryPast" | "expiryTooFar" | null {
  if (day < today) return "expiryPast";
  if (day > addDays(today, MAX_EXPIRY_DAYS)) return "expiryTooFar";
  return null;
}

/** The disable/enable form: an explicit confirmation. */
export const codeStateSchema = z.object({
  confirm: z.literal("yes", { errorMap: () => ({ message: e("confirmRequired") }) }),
});

export const codeRefusals = refusals("admin", {
  codeTaken: { status: 409, field: "code", message: e("codeTaken") },
  noTraining: { status: 422, field: "training", message: e("trainingInvalid"), api: { base: "errors.checkFields" } },
  noCode: { status: 404, field: null, message: e("noCode") },
  expiryPast: { status: 422, field: "expiresOn", message: e("expiryPast"), api: { base: "errors.checkFields" } },
  expiryTooFar: { status: 422, field: "expiresOn", message: e("expiryTooFar"), api: { base: "errors.checkFields" } },
});

// --- Answers ---------------------------------------------------------------------------------------

const codeJsonSchema = z.object({
  code: z.string(),
  training: z.object({ slug: z.string(), title: z.string() }),
  uses: z.number().int().min(0),
  max_uses: z.number().int().min(1).nullable(),
  expires_at: z.string().datetime().nullable(),
  disabled_at: z.string().datetime().nullable(),
  state: z.enum(["active", "disabled", "expired", "usedUp"]),
  note: z.string().nullable(),
  created_at: z.string().datetime(),
});

export const codesAnswer = z.object({ codes: z.array(codeJsonSchema), ...pageAnswerFields });

export const codeAnswer = z.object({
  code: codeJsonSchema,
  used_by: z
    .array(z.object({ member_id: z.string().uuid(), name: z.string(), used_at: z.string().datetime() }))
    .describe(`The members who used it, most recent first (at most ${CODE_USES_PAGE_SIZE})`),
});

export const codeStateAnswer = z.object({ code: codeJsonSchema, changed: z.boolean() });
