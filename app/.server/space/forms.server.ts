import { z } from "zod";
import { lifeAreas } from "./life-gps.server";
import { isCalendarDay } from "~/.server/calendar/days.server";
import { requiredText } from "~/forms/required-text";

/**
 * The member space's forms, checked on the server only (their schemas stay out of the browser
 * bundle). Messages are keys of the "space" namespace; the JSON API (space/contract.server.ts)
 * parses its bodies with the same rules.
 */
const day = z.string().refine(isCalendarDay, "errors.dateInvalid");

export const goalSchema = z.object({
  intent: z.enum(["edit", "new"]).default("edit"),
  title: requiredText("errors.goalRequired", 200, "errors.tooLong"),
});

export const commitmentSchema = z.object({
  title: requiredText("errors.commitmentRequired", 200, "errors.tooLong"),
  dueDate: day.optional(),
  moduleId: z.string().uuid("errors.moduleInvalid").optional(),
});

/**
 * The page's commitment form: the fields above, and how often it comes back. "once" keeps the
 * due date; "weekly" needs at least one weekday (ISO, Monday 1); "every" a number of days.
 */
export const recurringCommitmentSchema = commitmentSchema
  .extend({
    repeat: z.enum(["once", "weekly", "every"]).default("once"),
    weekdays: z.array(z.coerce.number().int().min(1).max(7)).max(7).default([]),
    everyDays: z.coerce
      .number({ invalid_type_error: "errors.everyDaysRange" })
      .int("errors.everyDaysRange")
      .min(1, "errors.everyDaysRange")
      .max(90, "errors.everyDaysRange")
      .optional(),
    startsOn: day.optional(),
  })
  .superRefine((value, context) => {
    if (value.repeat === "weekly" && value.weekdays.length === 0)
      context.addIssue({ code: "custom", path: ["weekdays"], message: "errors.weekdaysRequired" });
    if (value.repeat === "every" && value.everyDays === undefined)
      context.addIssue({ code: "custom", path: ["everyDays"], message: "errors.everyDaysRange" });
  });

/** Pausing one commitment (its id) or all of them (none), both days included. */
export const pauseSchema = z.object({
  commitmentId: z.string().uuid("errors.notFound").optional(),
  from: z.string({ required_error: "errors.dateInvalid" }).refine(isCalendarDay, "errors.dateInvalid"),
  until: z.string({ required_error: "errors.dateInvalid" }).refine(isCalendarDay, "errors.dateInvalid"),
});

/** One day of a recurring commitment, ticked or unticked. */
export const occurrenceSchema = z.object({
  id: z.string().uuid("errors.notFound"),
  day: z.string().refine(isCalendarDay, "errors.dateInvalid"),
});

export const weatherSchema = z.object({
  mood: z.enum(["top", "not_top"], { errorMap: () => ({ message: "errors.moodRequired" }) }),
});

export const lifeGpsSchema = z.object(
  Object.fromEntries(
    lifeAreas.flatMap((area) => [
      [
        `${area}_score`,
        z.coerce
          .number({ required_error: "errors.scoreRequired", invalid_type_error: "errors.scoreRequired" })
          .int("errors.scoreRange")
          .min(0, "errors.scoreRange")
          .max(10, "errors.scoreRange"),
      ],
      [`${area}_note`, z.string().trim().max(280, "errors.tooLong").optional()],
    ]),
  ) as Record<string, z.ZodTypeAny>,
);
