/**
 * The registration form's plain values (SPEC §3): its steps, choices, defaults and the draft's
 * localStorage keys. No zod here: the register page and its draft storage load this module up
 * front, while the schemas (./register, ./register-steps) reach the browser only with the lazily
 * loaded checks (./auth-checks).
 */
export const registerSteps = ["first", "second"] as const;
export type RegisterStep = (typeof registerSteps)[number];

/** The youngest a member may be, in years on the day they register (SPEC §5). */
export const MINIMUM_AGE = 13;

export const genders = ["female", "male", "other"] as const;
export const defaultGender = "female";
export const defaultCountryCode = "33";

/** The draft keys kept in localStorage with JavaScript (SPEC §3); the password never is. */
export const draftStorageKeys = {
  showForm: "register_showForm",
  firstName: "register_firstName",
  lastName: "register_lastName",
  birthDate: "register_birthDate",
  gender: "register_gender",
  email: "register_email",
  mobile: "register_mobile",
  userType: "register_userType",
} as const;
