import { z } from "zod";
import { requiredText } from "~/forms/required-text";

/**
 * The unlock form of /trainings: a freemium access code. Messages are keys of "trainings". It is
 * checked on the server only, so the schema stays out of the browser bundle.
 */
export const accessCodeSchema = z.object({
  code: requiredText("trainings.codeRequired", 64, "trainings.codeUnknown"),
});
