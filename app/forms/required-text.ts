import { z } from "zod";

/**
 * A text a form or body must hold: trimmed, one character at least (else `required`, also when the
 * field is missing), `max` at most (else `tooLong`). `invalidType` names what a body that sends
 * another type than a string is told, where a JSON body may do so.
 */
export function requiredText(required: string, max: number, tooLong: string, invalidType?: string) {
  return z
    .string({ required_error: required, invalid_type_error: invalidType })
    .trim()
    .min(1, required)
    .max(max, tooLong);
}
