import { z } from "zod";
import { levelsOfStudy } from "~/forms/profile";
import { registerFields, registerSecondStep } from "~/forms/register";
import { userTypes } from "~/forms/user-type";
import { PHOTO_MAX_BYTES } from "~/.server/media/photo.server";
import { emailCodeBody, passwordBody } from "./contract.server";
import { requiredText } from "~/forms/required-text";

/**
 * The forms of /profile, checked on the server only so that zod stays out of the signed-in pages'
 * JavaScript. Field rules are registration's; messages are keys of "auth" ("profile:…" for ours).
 */
const { mobileCountryCode, mobile } = registerSecondStep.innerType().shape;

const optionalText = z
  .string()
  .trim()
  .max(80, "errors.tooLong")
  .transform((value) => value || null)
  .nullable()
  .optional();

export const profileFields = {
  firstName: registerFields.firstName,
  lastName: registerFields.lastName,
  birthDate: registerFields.birthDate,
  mobileCountryCode,
  mobile,
  levelOfStudy: z
    .enum(levelsOfStudy, { errorMap: () => ({ message: "profile:errors.levelOfStudyInvalid" }) })
    .nullable()
    .optional(),
  role: optionalText,
  userType: z.enum(userTypes, { errorMap: () => ({ message: "profile:errors.userTypeInvalid" }) }),
};

export const profileSchema = z.object({
  firstName: profileFields.firstName,
  lastName: profileFields.lastName,
  birthDate: profileFields.birthDate,
  mobileCountryCode: profileFields.mobileCountryCode,
  mobile: profileFields.mobile,
  levelOfStudy: profileFields.levelOfStudy,
  role: profileFields.role,
});

export const pathSchema = z.object({ userType: profileFields.userType });

/** The email change's code and the current password: the API's rules, under the form's names. */
export const codeSchema = emailCodeBody;

const currentPassword = passwordBody.shape.current_password;

export const emailSchema = z.object({ email: registerFields.email, currentPassword });

export const passwordSchema = z
  .object({
    currentPassword,
    password: registerFields.password,
    confirmPassword: z.string({ required_error: "errors.confirmPasswordRequired" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "errors.passwordsDiffer",
  });

export const deletionSchema = z.object({
  email: requiredText("profile:errors.confirmEmailRequired", 254, "profile:errors.confirmEmailRequired"),
  currentPassword,
});

/** The photo form's file: its bytes are judged by the photo service (photo.server.ts). */
export const photoSchema = z.object({
  photo: z
    .instanceof(File, { message: "profile:errors.photoMissing" })
    .refine((file) => file.size > 0, "profile:errors.photoMissing")
    .refine((file) => file.size <= PHOTO_MAX_BYTES, "profile:errors.photoTooLarge"),
});

/** "Light pages": a checkbox, absent when unticked. */
export const lightPagesSchema = z.object({
  lightPages: z.enum(["on"], { errorMap: () => ({ message: "profile:errors.lightPagesInvalid" }) }).optional(),
});

/** A device's sign-out button: whichever id it carries, the devices service answers for it. */
export const deviceSchema = z.object({ id: z.string().optional() });
