import { z } from "zod";
import type { NotificationSettings } from "./settings.server";

/** The profile's "My emails" form: a checkbox per kind (absent: off), the digest's day and hour. */
const switchedOn = z
  .literal("on")
  .optional()
  .transform((value) => value === "on");

export const notificationSettingsSchema = z.object({
  weeklyDigest: switchedOn,
  sessionReminders: switchedOn,
  commitmentReminders: switchedOn,
  crewNews: switchedOn,
  digestDay: z
    .string({ required_error: "profile:errors.digestDayInvalid" })
    .regex(/^[0-6]$/, "profile:errors.digestDayInvalid")
    .transform(Number),
  digestHour: z
    .string({ required_error: "profile:errors.digestHourInvalid" })
    .regex(/^(1?[0-9]|2[0-3])$/, "profile:errors.digestHourInvalid")
    .transform(Number),
}) satisfies z.ZodType<NotificationSettings, z.ZodTypeDef, unknown>;
