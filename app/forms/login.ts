import { z } from "zod";
import { MINIMUM_PASSWORD_LENGTH } from "./register";

/** The login form (SPEC §2); messages are keys of the "auth" namespace. */
export const loginSchema = z.object({
  email: z
    .string({ required_error: "errors.emailRequired" })
    .trim()
    .max(254, "errors.emailInvalid")
    .email("errors.emailInvalid"),
  password: z
    .string({ required_error: "errors.passwordRequired" })
    .min(1, "errors.passwordRequired")
    .max(256, "errors.tooLong"),
  redirectAfter: z.string().optional(),
});

export const forgotPasswordSchema = z.object({
  email: z
    .string({ required_error: "errors.emailRequired" })
    .trim()
    .max(254, "errors.emailInvalid")
    .email("errors.emailInvalid"),
});

export const newPasswordSchema = z
  .object({
    code: z
      .string({ required_error: "errors.codeRequired" })
      .trim()
      .regex(/^\d{6}$/, "errors.codeInvalid"),
    password: z
      .string({ required_error: "errors.passwordRequired" })
      .min(MINIMUM_PASSWORD_LENGTH, "errors.passwordTooShort")
      .max(256, "errors.tooLong"),
    confirmPassword: z.string({ required_error: "errors.confirmPasswordRequired" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "errors.passwordsDiffer",
  });

export const verificationSchema = z.object({
  code: z
    .string({ required_error: "errors.codeRequired" })
    .trim()
    .regex(/^\d{6}$/, "errors.codeInvalid"),
});
