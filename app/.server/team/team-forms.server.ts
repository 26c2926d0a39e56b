import { z } from "zod";
import { invitationIntents } from "./invitation-actions.server";
import { relations } from "./relations.server";
import { requiredText } from "~/forms/required-text";

/**
 * The crew and survey forms of /my_team, checked on the server only (no validation code in the
 * browser bundle). Messages are "team:" keys, so the JSON API (which parses its bodies with
 * the same schemas) translates them too.
 */
const name = requiredText("team:errors.nameRequired", 80, "team:errors.tooLong");
export const crewMemberSchema = z.object({
  name,
  email: requiredText("team:errors.emailRequired", 254, "team:errors.emailInvalid").email("team:errors.emailInvalid"),
  relation: z.enum(relations, { errorMap: () => ({ message: "team:errors.relationRequired" }) }),
});

export const crewEditSchema = crewMemberSchema.pick({ name: true, relation: true });

export const surveySchema = z.object({
  title: requiredText("team:errors.titleRequired", 120, "team:errors.tooLong"),
  // The form has five boxes; the empty ones do not count.
  questions: z
    .array(z.string().trim().max(200, "team:errors.tooLong").optional(), {
      invalid_type_error: "team:errors.questionCount",
    })
    .default([])
    .transform((questions) => questions.filter((question): question is string => !!question))
    .pipe(z.array(z.string()).min(3, "team:errors.questionCount").max(5, "team:errors.questionCount")),
  crew: z
    .array(z.string(), { invalid_type_error: "team:errors.crewRequired" })
    .default([])
    .pipe(z.array(z.string()).min(1, "team:errors.crewRequired").max(50, "team:errors.crewRequired")),
});

/** A button of /invitations: what to do (its intent) with which invitation. */
export const invitationActionSchema = z.object({
  intent: z.enum(invitationIntents, { errorMap: () => ({ message: "errors.notFound" }) }),
  id: z.string({ required_error: "errors.notFound" }),
});
