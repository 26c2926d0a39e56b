import { redirect } from "@remix-run/node";
import { parseWithZod } from "~/forms/submission";
import type { SignedIn } from "~/.server/accounts/members.server";
import { clearTokenCookie } from "~/.server/auth/token-cookie.server";
import type { Client } from "~/.server/http/client.server";
import { intentOf, refuse, refuseUnknownIntent, refuseWith } from "~/.server/http/form-reply.server";
import { deleteAccount } from "~/.server/coaching/booking/departure.server";
import { changePassword } from "~/.server/profile/account.server";
import {
  deletionRefusals,
  deviceRefusals,
  emailChangeRefusals,
  emailConfirmRefusals,
  passwordChangeRefusals,
} from "~/.server/profile/contract.server";
import { signOutDevice, signOutOtherDevices } from "~/.server/profile/devices.server";
import { cancelEmailChange, confirmEmailChange, requestEmailChange } from "~/.server/profile/email-change.server";
import {
  codeSchema,
  deletionSchema,
  deviceSchema,
  emailSchema,
  lightPagesSchema,
  passwordSchema,
  pathSchema,
  profileSchema,
} from "~/.server/profile/forms.server";
import { saveLightPages } from "~/.server/profile/light-pages.server";
import { joinMobile, updateProfile } from "~/.server/profile/profile.server";

/**
 * The intents of POST /profile, one small function each: parse the form, call the service, then
 * redirect with what was saved (PRG) or answer the refusal with what was typed (never a password).
 */
export const savedMessages = [
  "profile",
  "path",
  "emailCodeSent",
  "email",
  "password",
  "emailCancelled",
  "deviceSignedOut",
  "othersSignedOut",
  "photo",
  "photoRemoved",
  "timeZone",
  "lightPagesOn",
  "lightPagesOff",
  "notifications",
] as const;

const saved = (what: (typeof savedMessages)[number]) => redirect(`/profile?saved=${what}`, 303);

type Post = { signedIn: SignedIn; formData: FormData; client: Client };

async function details({ signedIn, formData }: Post) {
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const { value } = submission;
  await updateProfile(signedIn, {
    firstname: value.firstName,
    lastname: value.lastName,
    birthDate: value.birthDate,
    mobile: joinMobile(value.mobileCountryCode, value.mobile),
    levelOfStudy: value.levelOfStudy ?? null,
    role: value.role ?? null,
  });
  return saved("profile");
}

async function path({ signedIn, formData }: Post) {
  const submission = parseWithZod(formData, { schema: pathSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  await updateProfile(signedIn, { userType: submission.value.userType });
  return saved("path");
}

async function email({ signedIn, formData }: Post) {
  const submission = parseWithZod(formData, { schema: emailSchema });
  const hideFields = ["currentPassword"];
  if (submission.status !== "success") return refuse(submission.reply({ hideFields }));
  const result = await requestEmailChange(signedIn, submission.value.email, submission.value.currentPassword);
  if (!result.ok) return refuseWith(submission, emailChangeRefusals[result.error], { hideFields });
  return saved("emailCodeSent");
}

async function confirmEmail({ signedIn, formData, client }: Post) {
  const submission = parseWithZod(formData, { schema: codeSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const result = await confirmEmailChange(signedIn, submission.value.code, client);
  if (!result.ok) return refuseWith(submission, emailConfirmRefusals[result.error]);
  return saved("email");
}

async function cancelEmail({ signedIn }: Post) {
  await cancelEmailChange(signedIn);
  return saved("emailCancelled");
}

async function password({ signedIn, formData, client }: Post) {
  const hideFields = ["currentPassword", "password", "confirmPassword"];
  const submission = parseWithZod(formData, { schema: passwordSchema });
  if (submission.status !== "success") return refuse(submission.reply({ hideFields }));
  const result = await changePassword(signedIn, submission.value.currentPassword, submission.value.password, client);
  if (!result.ok) return refuseWith(submission, passwordChangeRefusals[result.error], { hideFields });
  return saved("password");
}

async function lightPages({ signedIn, formData }: Post) {
  const submission = parseWithZod(formData, { schema: lightPagesSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const on = submission.value.lightPages === "on";
  await saveLightPages(signedIn, on);
  return saved(on ? "lightPagesOn" : "lightPagesOff");
}

async function deletion({ signedIn, formData }: Post) {
  const hideFields = ["currentPassword"];
  const submission = parseWithZod(formData, { schema: deletionSchema });
  if (submission.status !== "success") return refuse(submission.reply({ hideFields }));
  const result = await deleteAccount(signedIn, submission.value.email, submission.value.currentPassword);
  if (!result.ok) return refuseWith(submission, deletionRefusals[result.error], { hideFields });
  return redirect("/home", { status: 303, headers: { "Set-Cookie": await clearTokenCookie() } });
}

async function signOutOneDevice({ signedIn, formData }: Post) {
  const submission = parseWithZod(formData, { schema: deviceSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const outcome = await signOutDevice(signedIn, submission.value.id ?? "");
  if (!outcome.ok) return refuseWith(submission, deviceRefusals[outcome.error]);
  return saved("deviceSignedOut");
}

async function signOutOthers({ signedIn }: Post) {
  await signOutOtherDevices(signedIn);
  return saved("othersSignedOut");
}

const intents = {
  profile: details,
  path,
  email,
  confirmEmail,
  cancelEmail,
  password,
  lightPages,
  delete: deletion,
  signOutDevice: signOutOneDevice,
  signOutOthers,
};

/** Answers the post's intent; an unknown one is refused with a message over the page. */
export function answerProfilePost(post: Post) {
  const intent = intentOf(post.formData, Object.keys(intents) as (keyof typeof intents)[]);
  return intent ? intents[intent](post) : refuseUnknownIntent();
}
