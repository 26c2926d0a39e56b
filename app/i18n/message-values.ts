import { MINIMUM_AGE } from "~/forms/register-choices";

/**
 * The values some messages say, by "ns:key": the message is written once with its {{name}} and
 * the value here, where the rule that uses it lives. Both translate functions (the browser's and
 * i18next on the server) fill them in; a value the caller passes wins.
 */
type Values = Record<string, string | number>;

const messageValues: Record<string, Values> = {
  "auth:errors.tooYoung": { min: MINIMUM_AGE },
};

/** `key` as "ns:path" or a path of `defaultNs`: its values, if it has any. */
export function messageValuesOf(key: string, defaultNs: string): Values | undefined {
  return messageValues[key.includes(":") ? key : `${defaultNs}:${key}`];
}
