import { z } from "zod";
import { isTimeZone } from "~/.server/calendar/time-zones.server";

/**
 * The booking forms, checked on the server (their schemas stay out of the browser bundle).
 * Messages are keys of the "coaching" namespace.
 */
export const sessionStart = z
  .string({ required_error: "coaching:errors.startInvalid" })
  .datetime({ offset: true, message: "coaching:errors.startInvalid" })
  .transform((value) => new Date(value));

export const timeZoneField = z
  .string({ required_error: "coaching:errors.timeZoneInvalid" })
  .refine(isTimeZone, "coaching:errors.timeZoneInvalid");

export const bookingSchema = z.object({
  start: sessionStart,
  tz: timeZoneField,
  from: z.string().max(300).optional(),
  reschedule: z.string().uuid("coaching:errors.notFound").optional(),
});

/** The confirmation of /coaching/sessions/{id}?cancel: one button, intent "cancel". */
export const cancelSchema = z.object({
  intent: z.literal("cancel", { errorMap: () => ({ message: "coaching:errors.notChangeable" }) }),
});
