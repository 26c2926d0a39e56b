import { z } from "zod";

/** The unlock form of /trainings: a freemium access code. Messages are keys of "learning". */
export const accessCodeSchema = z.object({
  code: z.string({ required_error: "trainings.codeRequired" }).trim().min(1, "trainings.codeRequired").max(64, "trainings.codeUnknown"),
});
