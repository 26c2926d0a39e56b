import { z } from "zod";
import { defaultCountryCode, genders, MINIMUM_AGE } from "./register-choices";
import { userTypes, defaultUserType } from "./user-type";

/**
 * The registration form (SPEC §2, §3, §5, §9). Messages are keys of the "auth" namespace, so the
 * server and the browser show the same translated words. Two steps: "first" (who you are) and
 * "second" (how to reach you and your password); the step value starts at "first".
 */
export {
  defaultCountryCode,
  defaultGender,
  draftStorageKeys,
  genders,
  MINIMUM_AGE,
  registerSteps,
} from "./register-choices";
export type { RegisterStep } from "./register-choices";

export const MINIMUM_PASSWORD_LENGTH = 8;

/** Whole years between a YYYY-MM-DD birth date and `today`. */
export function ageOn(birthDate: string, today: Date): number {
  const [year, month, day] = birthDate.split("-").map(Number);
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

function isRealDate(value: string) {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date.getUTCFullYear() >= 1900;
}

const required = (message: string) => z.string({ required_error: message }).trim().min(1, message);

/** Each field's rule, shared by the form's steps and the JSON API (which names fields its way). */
export const registerFields = {
  firstName: required("errors.firstNameRequired").pipe(z.string().max(80, "errors.tooLong")),
  lastName: required("errors.lastNameRequired").pipe(z.string().max(80, "errors.tooLong")),
  birthDate: required("errors.birthDateRequired")
    .refine(isRealDate, "errors.birthDateInvalid")
    .refine((value) => !isRealDate(value) || ageOn(value, new Date()) >= MINIMUM_AGE, "errors.tooYoung"),
  gender: z.enum(genders, { errorMap: () => ({ message: "errors.genderRequired" }) }),
  email: required("errors.emailRequired").pipe(z.string().email("errors.emailInvalid").max(254, "errors.emailInvalid")),
  password: z
    .string({ required_error: "errors.passwordRequired" })
    .min(1, "errors.passwordRequired")
    .min(MINIMUM_PASSWORD_LENGTH, "errors.passwordTooShort")
    .max(256, "errors.tooLong"),
};

export const registerFirstStep = z.object({
  firstName: registerFields.firstName,
  lastName: registerFields.lastName,
  birthDate: registerFields.birthDate,
  gender: registerFields.gender,
});

export const registerSecondStep = z
  .object({
    email: registerFields.email,
    mobileCountryCode: z
      .string()
      .trim()
      .regex(/^\+?\d{1,4}$/, "errors.countryCodeInvalid")
      .transform((value) => value.replace(/^\+/, ""))
      .default(defaultCountryCode),
    mobile: z
      .string()
      .trim()
      // Separators go, and so does the trunk 0 of national numbers: 06 12… is +33 6 12….
      .transform((value) => value.replace(/[\s.\-()]/g, "").replace(/^0/, ""))
      .pipe(z.string().regex(/^\d{6,14}$/, "errors.mobileInvalid"))
      .optional(),
    password: registerFields.password,
    confirmPassword: z.string({ required_error: "errors.confirmPasswordRequired" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "errors.passwordsDiffer",
  });

/** What travels with the form whatever the step: who-are-you's choice and the invitation. */
export const registerContext = z.object({
  userType: z.enum(userTypes).catch(defaultUserType).default(defaultUserType),
  invitedId: z.string().trim().max(64).optional(),
});

/** The fields a draft keeps: everything typed but the password. */
export const draftFields = [
  "firstName",
  "lastName",
  "birthDate",
  "gender",
  "email",
  "mobileCountryCode",
  "mobile",
  "userType",
  "invitedId",
] as const;
