import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { requireMember } from "~/.server/auth/guard.server";
import { clearTokenCookie } from "~/.server/auth/token-cookie.server";
import { refuse, refuseWith } from "~/.server/http/form-reply.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { changePassword, deleteAccount } from "~/.server/profile/account.server";
import {
  deletionRefusals,
  deviceRefusals,
  emailChangeRefusals,
  emailConfirmRefusals,
  passwordChangeRefusals,
} from "~/.server/profile/contract.server";
import { devicesOf, signOutDevice, signOutOtherDevices } from "~/.server/profile/devices.server";
import { cancelEmailChange, confirmEmailChange, requestEmailChange } from "~/.server/profile/email-change.server";
import {
  parseCode,
  parseDeletion,
  parseEmail,
  parsePassword,
  parsePath,
  parseProfile,
} from "~/.server/profile/forms.server";
import { joinMobile, profileOf, updateProfile } from "~/.server/profile/profile.server";
import { zoneLabel } from "~/.server/coaching/session-views.server";
import { usualTimeZones } from "~/.server/coaching/time-zones.server";
import { DeviceList } from "~/components/device-list";
import { PhotoForms } from "~/components/photo-forms";
import { ErrorList, Field, FormAlert, SubmitButton } from "~/components/form";
import { titleMeta } from "~/components/page-title";
import { levelsOfStudy, splitMobile } from "~/forms/profile";
import { userTypes } from "~/forms/user-type";
import { ZoneGroup } from "~/components/zone-options";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

const savedMessages = [
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
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireMember(request);
  const t = await translator(request, "profile");
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    title: t("title"),
    profile: await profileOf(signedIn),
    devices: await devicesOf(signedIn, await localeOf(request)),
    timeZone: {
      zone: signedIn.member.time_zone,
      label: zoneLabel(new Date(), signedIn.member.time_zone),
      usual: usualTimeZones(),
    },
    saved: savedMessages.find((key) => key === saved) ?? null,
  };
}

const saved = (what: (typeof savedMessages)[number]) => redirect(`/profile?saved=${what}`, 303);

/**
 * POST /profile: one form per intent, each checked on the server only. A refused form comes back
 * with what was typed (never a password) and its messages; a done one redirects (PRG).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const signedIn = await requireMember(request);
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "profile": {
      const submission = parseProfile(formData);
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
    case "path": {
      const submission = parsePath(formData);
      if (submission.status !== "success") return refuse(submission.reply());
      await updateProfile(signedIn, { userType: submission.value.userType });
      return saved("path");
    }
    case "email": {
      const submission = parseEmail(formData);
      const hideFields = ["currentPassword"];
      if (submission.status !== "success") return refuse(submission.reply({ hideFields }));
      const result = await requestEmailChange(signedIn, submission.value.email, submission.value.currentPassword);
      if (!result.ok) return refuseWith(submission, emailChangeRefusals[result.error], { hideFields });
      return saved("emailCodeSent");
    }
    case "confirmEmail": {
      const submission = parseCode(formData);
      if (submission.status !== "success") return refuse(submission.reply());
      const result = await confirmEmailChange(signedIn, submission.value.code, context.clientIp ?? "unknown");
      if (!result.ok) return refuseWith(submission, emailConfirmRefusals[result.error]);
      return saved("email");
    }
    case "cancelEmail":
      await cancelEmailChange(signedIn);
      return saved("emailCancelled");
    case "password": {
      const hideFields = ["currentPassword", "password", "confirmPassword"];
      const submission = parsePassword(formData);
      if (submission.status !== "success") return refuse(submission.reply({ hideFields }));
      const result = await changePassword(signedIn, submission.value.currentPassword, submission.value.password);
      if (!result.ok) return refuseWith(submission, passwordChangeRefusals[result.error], { hideFields });
      return saved("password");
    }
    case "delete": {
      const hideFields = ["currentPassword"];
      const submission = parseDeletion(formData);
      if (submission.status !== "success") return refuse(submission.reply({ hideFields }));
      const result = await deleteAccount(signedIn, submission.value.email, submission.value.currentPassword);
      if (!result.ok) return refuseWith(submission, deletionRefusals[result.error], { hideFields });
      return redirect("/home", { status: 303, headers: { "Set-Cookie": await clearTokenCookie() } });
    }
    case "signOutDevice": {
      const outcome = await signOutDevice(signedIn, String(formData.get("id") ?? ""));
      if (!outcome.ok) {
        const { message, status } = deviceRefusals[outcome.error];
        return refuse({ status: "error", initialValue: { intent: "signOutDevice" }, error: { "": [message] } }, status);
      }
      return saved("deviceSignedOut");
    }
    case "signOutOthers":
      await signOutOtherDevices(signedIn);
      return saved("othersSignedOut");
    default:
      return refuse({ status: "error", error: { "": ["errors.invalidRequest"] } });
  }
}

type Refused = { values: Record<string, unknown>; errors: Record<string, string[] | null> };

/** The refused answer of the form with this intent, if the last POST was it. */
function useRefused(intent: string): Refused | null {
  const answer = useActionData<typeof action>();
  if (!answer || answer.initialValue?.intent !== intent) return null;
  return { values: answer.initialValue ?? {}, errors: answer.error ?? {} };
}

/** A text input's value: what was typed in a refused form, else the saved value. */
function shownValue(refused: Refused | null, name: string, saved: string | null): string {
  const typed = refused?.values[name];
  return refused ? (typeof typed === "string" ? typed : "") : (saved ?? "");
}

function errorsOf(refused: Refused | null, name: string): string[] | undefined {
  return refused?.errors[name] ?? undefined;
}

/** An input wired to its label, hint and errors (ids prefixed by the form, as names repeat). */
function Input({
  form,
  name,
  label,
  hint,
  refused,
  children,
}: {
  form: string;
  name: string;
  label: string;
  hint?: string;
  refused: Refused | null;
  children: (props: { id: string; name: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = `${form}-${name}`;
  const errors = errorsOf(refused, name);
  const describedBy =
    [hint ? `${id}-hint` : null, errors ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <Field
      label={label}
      htmlFor={id}
      hint={hint}
      hintId={`${id}-hint`}
      errors={errors}
      errorId={`${id}-error`}
      ns="auth"
    >
      {children({ id, name, "aria-invalid": errors ? true : undefined, "aria-describedby": describedBy })}
    </Field>
  );
}

export default function ProfilePage() {
  const { profile, devices, saved, timeZone } = useLoaderData<typeof loader>();
  const { t } = useTranslation("profile");
  const refusedSignOut = useRefused("signOutDevice");
  return (
    <>
      <header className="page-header">
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
      </header>
      {saved ? <FormAlert tone="success" lines={[t(`saved.${saved}`)]} /> : null}
      <div className="profile">
        <DetailsForm profile={profile} />
        <section className="card" id="photo" aria-labelledby="photo-title">
          <h2 id="photo-title">{t("photo.title")}</h2>
          <p>{t("photo.lead")}</p>
          <PhotoForms url={profile.photo_url} name={`${profile.firstname} ${profile.lastname}`} />
        </section>
        <PathForm userType={profile.user_type} />
        <TimeZoneForm {...timeZone} />
        <EmailForms email={profile.email} pendingEmail={profile.pending_email} />
        <PasswordForm />
        <DeviceList devices={devices} errors={errorsOf(refusedSignOut, "")} />
        <DeletionForm />
      </div>
    </>
  );
}

type ProfileData = ReturnType<typeof useLoaderData<typeof loader>>["profile"];

function DetailsForm({ profile }: { profile: ProfileData }) {
  const { t } = useTranslation("profile");
  const refused = useRefused("profile");
  const mobile = splitMobile(profile.mobile);
  const form = "profile";
  return (
    <section className="card" aria-labelledby="details-title">
      <h2 id="details-title">{t("details.title")}</h2>
      <Form method="post" className="form" noValidate>
        <div className="form-row">
          <Input form={form} name="firstName" label={t("auth:fields.firstName")} refused={refused}>
            {(props) => (
              <input
                {...props}
                type="text"
                required
                maxLength={80}
                autoComplete="given-name"
                defaultValue={shownValue(refused, "firstName", profile.firstname)}
              />
            )}
          </Input>
          <Input form={form} name="lastName" label={t("auth:fields.lastName")} refused={refused}>
            {(props) => (
              <input
                {...props}
                type="text"
                required
                maxLength={80}
                autoComplete="family-name"
                defaultValue={shownValue(refused, "lastName", profile.lastname)}
              />
            )}
          </Input>
        </div>
        <Input form={form} name="birthDate" label={t("auth:fields.birthDate")} refused={refused}>
          {(props) => (
            <input
              {...props}
              type="date"
              required
              autoComplete="bday"
              defaultValue={shownValue(refused, "birthDate", profile.birth_date)}
            />
          )}
        </Input>
        <div className="form-row form-row--phone">
          <Input form={form} name="mobileCountryCode" label={t("auth:fields.countryCode")} refused={refused}>
            {(props) => (
              <input
                {...props}
                type="text"
                inputMode="numeric"
                maxLength={5}
                autoComplete="tel-country-code"
                defaultValue={shownValue(refused, "mobileCountryCode", mobile.mobileCountryCode)}
              />
            )}
          </Input>
          <Input form={form} name="mobile" label={t("auth:fields.mobile")} refused={refused}>
            {(props) => (
              <input
                {...props}
                type="tel"
                maxLength={20}
                autoComplete="tel-national"
                defaultValue={shownValue(refused, "mobile", mobile.mobile)}
              />
            )}
          </Input>
        </div>
        <Input form={form} name="levelOfStudy" label={t("details.levelOfStudy")} refused={refused}>
          {(props) => (
            <select {...props} defaultValue={shownValue(refused, "levelOfStudy", profile.level_of_study)}>
              <option value="">{t("details.levelOfStudyNone")}</option>
              {levelsOfStudy.map((level) => (
                <option key={level} value={level}>
                  {t(`levels.${level}`)}
                </option>
              ))}
            </select>
          )}
        </Input>
        <Input form={form} name="role" label={t("details.role")} hint={t("details.roleHint")} refused={refused}>
          {(props) => (
            <input
              {...props}
              type="text"
              maxLength={80}
              autoComplete="organization-title"
              defaultValue={shownValue(refused, "role", profile.role)}
            />
          )}
        </Input>
        <SubmitButton
          name="intent"
          value="profile"
          pendingLabel={t("details.pending")}
          className="button button--primary"
        >
          {t("details.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}

/**
 * The member's time zone: the usual ones here, every zone on /profile/time-zone (400-odd names
 * would weigh on this page), which is also where this form posts.
 */
function TimeZoneForm({ zone, label, usual }: { zone: string; label: string; usual: string[] }) {
  const { t } = useTranslation("profile");
  const choices = usual.includes(zone) ? usual : [zone, ...usual];
  return (
    <section className="card" id="time-zone" aria-labelledby="time-zone-title">
      <h2 id="time-zone-title">{t("timeZone.title")}</h2>
      <p>{t("timeZone.current", { zone: label })}</p>
      <Form method="post" action="/profile/time-zone" className="form zone-form">
        <label htmlFor="profile-timeZone">{t("timeZone.label")}</label>
        <div className="zone-form__row">
          <select id="profile-timeZone" name="timeZone" defaultValue={zone}>
            <ZoneGroup label={t("timeZone.usual")} zones={choices} />
          </select>
          <SubmitButton pendingLabel={t("timeZone.pending")} className="button button--primary">
            {t("timeZone.save")}
          </SubmitButton>
        </div>
        <p>
          <Link to="/profile/time-zone">{t("timeZone.other")}</Link>
        </p>
      </Form>
    </section>
  );
}

/** "Define my path": the main goal (on the overview) and who the member is (registration's user type). */
function PathForm({ userType }: { userType: string }) {
  const { t } = useTranslation("profile");
  const refused = useRefused("path");
  const chosen = shownValue(refused, "userType", userType);
  return (
    <section className="card" id="path" aria-labelledby="path-title">
      <h2 id="path-title">{t("path.title")}</h2>
      <p>{t("path.lead")}</p>
      <p>
        <Link to="/#goal" className="button button--ghost">
          {t("path.goal")}
        </Link>
      </p>
      <Form method="post" className="form" noValidate>
        <fieldset
          className="choice-cards"
          aria-describedby={refused?.errors.userType ? "path-userType-error" : undefined}
        >
          <legend>{t("path.legend")}</legend>
          {userTypes.map((type) => (
            <label key={type} className="choice-card">
              <input type="radio" name="userType" value={type} defaultChecked={type === chosen} />
              <span className="choice-card__title">{t(`home:whoAreYou.types.${type}.title`)}</span>
              <span className="choice-card__text">{t(`home:whoAreYou.types.${type}.text`)}</span>
            </label>
          ))}
        </fieldset>
        <ErrorList id="path-userType-error" errors={errorsOf(refused, "userType")} ns="auth" />
        <SubmitButton name="intent" value="path" pendingLabel={t("path.pending")} className="button button--primary">
          {t("path.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}

function EmailForms({ email, pendingEmail }: { email: string; pendingEmail: string | null }) {
  const { t } = useTranslation("profile");
  const refused = useRefused("email");
  const refusedCode = useRefused("confirmEmail");
  return (
    <section className="card" id="email" aria-labelledby="email-title">
      <h2 id="email-title">{t("email.title")}</h2>
      <p>{t("email.current", { email })}</p>
      {pendingEmail ? (
        <Form method="post" className="form form--boxed" noValidate>
          <FormAlert tone="info" lines={[t("email.waiting", { email: pendingEmail })]} />
          <Input form="confirmEmail" name="code" label={t("auth:fields.code")} refused={refusedCode}>
            {(props) => (
              <input
                {...props}
                type="text"
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                defaultValue={shownValue(refusedCode, "code", "")}
              />
            )}
          </Input>
          <SubmitButton
            name="intent"
            value="confirmEmail"
            pendingLabel={t("email.confirming")}
            className="button button--primary"
          >
            {t("email.confirm")}
          </SubmitButton>{" "}
          <SubmitButton
            name="intent"
            value="cancelEmail"
            pendingLabel={t("email.cancelling")}
            className="button button--ghost"
          >
            {t("email.cancel")}
          </SubmitButton>
        </Form>
      ) : null}
      <Form method="post" className="form" noValidate>
        <Input form="email" name="email" label={t("email.newEmail")} hint={t("email.newEmailHint")} refused={refused}>
          {(props) => (
            <input
              {...props}
              type="email"
              required
              maxLength={254}
              autoComplete="email"
              defaultValue={shownValue(refused, "email", "")}
            />
          )}
        </Input>
        <Input
          form="email"
          name="currentPassword"
          label={t("password.current")}
          hint={t("email.passwordHint")}
          refused={refused}
        >
          {(props) => <input {...props} type="password" required autoComplete="current-password" />}
        </Input>
        <SubmitButton name="intent" value="email" pendingLabel={t("email.pending")} className="button button--ghost">
          {t("email.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}

function PasswordForm() {
  const { t } = useTranslation("profile");
  const refused = useRefused("password");
  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">{t("password.title")}</h2>
      <Form method="post" className="form" noValidate>
        <Input form="password" name="currentPassword" label={t("password.current")} refused={refused}>
          {(props) => <input {...props} type="password" required autoComplete="current-password" />}
        </Input>
        <Input form="password" name="password" label={t("password.new")} hint={t("password.hint")} refused={refused}>
          {(props) => <input {...props} type="password" required minLength={8} autoComplete="new-password" />}
        </Input>
        <Input form="password" name="confirmPassword" label={t("auth:fields.confirmPassword")} refused={refused}>
          {(props) => <input {...props} type="password" required autoComplete="new-password" />}
        </Input>
        <SubmitButton
          name="intent"
          value="password"
          pendingLabel={t("password.pending")}
          className="button button--primary"
        >
          {t("password.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}

function DeletionForm() {
  const { t } = useTranslation("profile");
  const refused = useRefused("delete");
  return (
    <section className="card card--danger" aria-labelledby="delete-title">
      <h2 id="delete-title">{t("delete.title")}</h2>
      <p>{t("delete.lead")}</p>
      <Form method="post" className="form" noValidate>
        <Input form="delete" name="email" label={t("delete.confirmEmail")} refused={refused}>
          {(props) => (
            <input
              {...props}
              type="email"
              required
              autoComplete="off"
              defaultValue={shownValue(refused, "email", "")}
            />
          )}
        </Input>
        <Input form="delete" name="currentPassword" label={t("password.current")} refused={refused}>
          {(props) => <input {...props} type="password" required autoComplete="current-password" />}
        </Input>
        <SubmitButton name="intent" value="delete" pendingLabel={t("delete.pending")} className="button button--danger">
          {t("delete.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
