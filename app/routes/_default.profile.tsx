import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
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
  parseDevice,
  parseEmail,
  parsePassword,
  parsePath,
  parseProfile,
} from "~/.server/profile/forms.server";
import { joinMobile, profileOf, updateProfile } from "~/.server/profile/profile.server";
import { zoneLabel } from "~/.server/calendar/when-words.server";
import { usualTimeZones } from "~/.server/calendar/time-zones.server";
import { DeviceList } from "~/components/device-list";
import { PhotoForms } from "~/components/photo-forms";
import { ErrorList, Field, FormAlert, SubmitButton } from "~/components/form";
import { fieldProps, formProps, useFormReply } from "~/components/form-reply";
import { titleMeta } from "~/components/page-title";
import { levelsOfStudy, splitMobile } from "~/forms/profile";
import { userTypes } from "~/forms/user-type";
import { MemberZoneField, ZoneGroup } from "~/components/zone-options";
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
      const submission = parseDevice(formData);
      if (submission.status !== "success") return refuse(submission.reply());
      const outcome = await signOutDevice(signedIn, submission.value.id ?? "");
      if (!outcome.ok) return refuseWith(submission, deviceRefusals[outcome.error]);
      return saved("deviceSignedOut");
    }
    case "signOutOthers":
      await signOutOtherDevices(signedIn);
      return saved("othersSignedOut");
    default:
      return refuse({ status: "error", error: { "": ["errors.invalidRequest"] } });
  }
}

export default function ProfilePage() {
  const { profile, devices, saved, timeZone } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("profile");
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
        <DeviceList devices={devices} reply={reply} />
        <DeletionForm />
      </div>
    </>
  );
}

type ProfileData = ReturnType<typeof useLoaderData<typeof loader>>["profile"];

function DetailsForm({ profile }: { profile: ProfileData }) {
  const { t } = useTranslation("profile");
  const reply = useActionData<typeof action>();
  const mobile = splitMobile(profile.mobile);
  // Ids derive from the form's: profile-firstName, profile-role…
  const [form, fields] = useFormReply<{
    firstName: string;
    lastName: string;
    birthDate: string;
    mobileCountryCode: string;
    mobile: string;
    levelOfStudy: string;
    role: string;
  }>(reply, {
    id: "profile",
    intent: "profile",
    defaultValue: {
      firstName: profile.firstname,
      lastName: profile.lastname,
      birthDate: profile.birth_date,
      mobileCountryCode: mobile.mobileCountryCode,
      mobile: mobile.mobile,
      levelOfStudy: profile.level_of_study,
      role: profile.role,
    },
  });
  return (
    <section className="card" aria-labelledby="details-title">
      <h2 id="details-title">{t("details.title")}</h2>
      <Form method="post" {...formProps(form)} className="form" noValidate>
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <div className="form-row">
          <Field meta={fields.firstName} label={t("auth:fields.firstName")} ns="auth">
            <input
              {...fieldProps(fields.firstName, { type: "text" })}
              required
              maxLength={80}
              autoComplete="given-name"
            />
          </Field>
          <Field meta={fields.lastName} label={t("auth:fields.lastName")} ns="auth">
            <input
              {...fieldProps(fields.lastName, { type: "text" })}
              required
              maxLength={80}
              autoComplete="family-name"
            />
          </Field>
        </div>
        <Field meta={fields.birthDate} label={t("auth:fields.birthDate")} ns="auth">
          <input {...fieldProps(fields.birthDate, { type: "date" })} required autoComplete="bday" />
        </Field>
        <div className="form-row form-row--phone">
          <Field meta={fields.mobileCountryCode} label={t("auth:fields.countryCode")} ns="auth">
            <input
              {...fieldProps(fields.mobileCountryCode, { type: "text" })}
              inputMode="numeric"
              maxLength={5}
              autoComplete="tel-country-code"
            />
          </Field>
          <Field meta={fields.mobile} label={t("auth:fields.mobile")} ns="auth">
            <input {...fieldProps(fields.mobile, { type: "tel" })} maxLength={20} autoComplete="tel-national" />
          </Field>
        </div>
        <Field meta={fields.levelOfStudy} label={t("details.levelOfStudy")} ns="auth">
          <select {...fieldProps(fields.levelOfStudy)}>
            <option value="">{t("details.levelOfStudyNone")}</option>
            {levelsOfStudy.map((level) => (
              <option key={level} value={level}>
                {t(`levels.${level}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field meta={fields.role} label={t("details.role")} hint={t("details.roleHint")} ns="auth">
          <input
            {...fieldProps(fields.role, { type: "text", described: fields.role.descriptionId })}
            maxLength={80}
            autoComplete="organization-title"
          />
        </Field>
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
 * would weigh on this page), which is also where this form posts and where a refusal shows.
 */
function TimeZoneForm({ zone, label, usual }: { zone: string; label: string; usual: string[] }) {
  const { t } = useTranslation("profile");
  const choices = usual.includes(zone) ? usual : [zone, ...usual];
  const [form, fields] = useFormReply<{ timeZone: string }>(undefined, {
    id: "zone",
    defaultValue: { timeZone: zone },
  });
  return (
    <section className="card" id="time-zone" aria-labelledby="time-zone-title">
      <h2 id="time-zone-title">{t("timeZone.title")}</h2>
      <p>{t("timeZone.current", { zone: label })}</p>
      <Form method="post" action="/profile/time-zone" {...formProps(form)} className="form zone-form">
        <MemberZoneField meta={fields.timeZone}>
          <ZoneGroup label={t("timeZone.usual")} zones={choices} />
        </MemberZoneField>
        <p>
          <Link to="/profile/time-zone" className="zone-form__other">
            {t("timeZone.other")}
          </Link>
        </p>
      </Form>
    </section>
  );
}

/** "Define my path": the main goal (on the overview) and who the member is (registration's user type). */
function PathForm({ userType }: { userType: string }) {
  const { t } = useTranslation("profile");
  const reply = useActionData<typeof action>();
  // Not "path": the section's id, the anchor of /profile#path.
  const [form, fields] = useFormReply<{ userType: string }>(reply, {
    id: "user-type",
    intent: "path",
    defaultValue: { userType },
  });
  const { userType: field } = fields;
  return (
    <section className="card" id="path" aria-labelledby="path-title">
      <h2 id="path-title">{t("path.title")}</h2>
      <p>{t("path.lead")}</p>
      <p>
        <Link to="/#goal" className="button button--ghost">
          {t("path.goal")}
        </Link>
      </p>
      <Form method="post" {...formProps(form)} className="form" noValidate>
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <fieldset className="choice-cards" aria-describedby={field.errors ? field.errorId : undefined}>
          <legend>{t("path.legend")}</legend>
          {userTypes.map((value) => (
            <label key={value} className="choice-card">
              <input {...fieldProps(field, { type: "radio", value })} />
              <span className="choice-card__title">{t(`home:whoAreYou.types.${value}.title`)}</span>
              <span className="choice-card__text">{t(`home:whoAreYou.types.${value}.text`)}</span>
            </label>
          ))}
        </fieldset>
        <ErrorList id={field.errorId} errors={field.errors} ns="auth" />
        <SubmitButton name="intent" value="path" pendingLabel={t("path.pending")} className="button button--primary">
          {t("path.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}

function EmailForms({ email, pendingEmail }: { email: string; pendingEmail: string | null }) {
  const { t } = useTranslation("profile");
  const reply = useActionData<typeof action>();
  const [codeForm, codeFields] = useFormReply<{ code: string }>(reply, { id: "confirmEmail", intent: "confirmEmail" });
  // This form's id is the anchor of /profile#email (older code mails link there); the section's
  // heading is the mails' anchor now (email-title).
  const [form, fields] = useFormReply<{ email: string; currentPassword: string }>(reply, {
    id: "email",
    intent: "email",
  });
  return (
    <section className="card" aria-labelledby="email-title">
      <h2 id="email-title">{t("email.title")}</h2>
      <p>{t("email.current", { email })}</p>
      {pendingEmail ? (
        <Form method="post" {...formProps(codeForm)} className="form form--boxed" noValidate>
          <FormAlert tone="info" lines={[t("email.waiting", { email: pendingEmail })]} />
          <FormAlert lines={codeForm.errors?.map((error) => t(error))} />
          <Field meta={codeFields.code} label={t("auth:fields.code")} ns="auth">
            <input
              {...fieldProps(codeFields.code, { type: "text" })}
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
          </Field>
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
      <Form method="post" {...formProps(form)} className="form" noValidate>
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <Field meta={fields.email} label={t("email.newEmail")} hint={t("email.newEmailHint")} ns="auth">
          <input
            {...fieldProps(fields.email, { type: "email", described: fields.email.descriptionId })}
            required
            maxLength={254}
            autoComplete="email"
          />
        </Field>
        <Field meta={fields.currentPassword} label={t("password.current")} hint={t("email.passwordHint")} ns="auth">
          <input
            {...fieldProps(fields.currentPassword, {
              type: "password",
              described: fields.currentPassword.descriptionId,
            })}
            required
            autoComplete="current-password"
          />
        </Field>
        <SubmitButton name="intent" value="email" pendingLabel={t("email.pending")} className="button button--ghost">
          {t("email.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}

function PasswordForm() {
  const { t } = useTranslation("profile");
  const reply = useActionData<typeof action>();
  const [form, fields] = useFormReply<{ currentPassword: string; password: string; confirmPassword: string }>(reply, {
    id: "password",
    intent: "password",
  });
  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">{t("password.title")}</h2>
      <Form method="post" {...formProps(form)} className="form" noValidate>
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <Field meta={fields.currentPassword} label={t("password.current")} ns="auth">
          <input
            {...fieldProps(fields.currentPassword, { type: "password" })}
            required
            autoComplete="current-password"
          />
        </Field>
        <Field meta={fields.password} label={t("password.new")} hint={t("password.hint")} ns="auth">
          <input
            {...fieldProps(fields.password, { type: "password", described: fields.password.descriptionId })}
            required
            minLength={8}
            autoComplete="new-password"
          />
        </Field>
        <Field meta={fields.confirmPassword} label={t("auth:fields.confirmPassword")} ns="auth">
          <input {...fieldProps(fields.confirmPassword, { type: "password" })} required autoComplete="new-password" />
        </Field>
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
  const reply = useActionData<typeof action>();
  const [form, fields] = useFormReply<{ email: string; currentPassword: string }>(reply, {
    id: "delete",
    intent: "delete",
  });
  return (
    <section className="card card--danger" aria-labelledby="delete-title">
      <h2 id="delete-title">{t("delete.title")}</h2>
      <p>{t("delete.lead")}</p>
      <Form method="post" {...formProps(form)} className="form" noValidate>
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <Field meta={fields.email} label={t("delete.confirmEmail")} ns="auth">
          <input {...fieldProps(fields.email, { type: "email" })} required autoComplete="off" />
        </Field>
        <Field meta={fields.currentPassword} label={t("password.current")} ns="auth">
          <input
            {...fieldProps(fields.currentPassword, { type: "password" })}
            required
            autoComplete="current-password"
          />
        </Field>
        <SubmitButton name="intent" value="delete" pendingLabel={t("delete.pending")} className="button button--danger">
          {t("delete.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
