import { z } from "zod";

/**
 * The unlock form of /trainings: a freemium access code. Messages are keys of "trainings". It is
 * checked on the server only, so the schema stays out of the browser bundle.
 */
export const accessCodeSchema = z.object({
  code: z
    .string({ required_error: "trainings.codeRequired" })
    .trim()
    .min(1, "trainings.codeRequired")
    .max(64, "trainings.codeUnknown"),
});
