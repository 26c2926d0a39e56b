import { parseWithZod } from "~/forms/submission";
import { z } from "zod";
import { lifeAreas } from "./life-gps.server";
import { isCalendarDay } from "~/.server/calendar/days.server";

/**
 * The member space's forms, checked on the server only (their schemas stay out of the browser
 * bundle). Messages are keys of the "space" namespace; the JSON API (space/contract.server.ts)
 * parses its bodies with the same rules.
 */
const day = z.string().refine(isCalendarDay, "errors.dateInvalid");

export const goalSchema = z.object({
  intent: z.enum(["edit", "new"]).default("edit"),
  title: z
    .string({ required_error: "errors.goalRequired" })
    .trim()
    .min(1, "errors.goalRequired")
    .max(200, "errors.tooLong"),
});

export const commitmentSchema = z.object({
  title: z
    .string({ required_error: "errors.commitmentRequired" })
    .trim()
    .min(1, "errors.commitmentRequired")
    .max(200, "errors.tooLong"),
  dueDate: day.optional(),
  moduleId: z.string().uuid("errors.moduleInvalid").optional(),
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

export const parseGoal = (formData: FormData) => parseWithZod(formData, { schema: goalSchema });
export const parseCommitment = (formData: FormData) => parseWithZod(formData, { schema: commitmentSchema });
export const parseWeather = (formData: FormData) => parseWithZod(formData, { schema: weatherSchema });
export const parseLifeGps = (formData: FormData) => parseWithZod(formData, { schema: lifeGpsSchema });
