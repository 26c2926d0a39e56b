import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { registrationRefusals } from "~/.server/accounts/contract.server";
import { register } from "~/.server/accounts/registration.server";
import { discardDraft, loadDraft, saveDraft } from "~/.server/pages/registration-draft.server";
import { redirectIfSignedIn } from "~/.server/auth/guard.server";
import { setTokenCookie } from "~/.server/auth/token-cookie.server";
import { refuse, refuseWith } from "~/.server/http/form-reply.server";
import { translator } from "~/.server/i18n/i18n.server";
import { invitedEmail } from "~/.server/team/invitations.server";
import { useClientChecks } from "~/components/client-checks";
import { Field, FormAlert, SubmitButton } from "~/components/form";
import { fieldProps, formProps, useFormReply } from "~/components/form-reply";
import { titleMeta } from "~/components/page-title";
import { clearRegistrationDraftStorage, useRegistrationDraftStorage } from "~/components/registration-draft-storage";
import { firstStepSchema, parseWithZod, secondStepSchema } from "~/.server/accounts/forms.server";
import { defaultCountryCode, defaultGender, genders, type RegisterStep } from "~/forms/register-choices";
import { toUserType } from "~/forms/user-type";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  const t = await translator(request, "auth");
  const query = new URL(request.url).searchParams;
  const draft = await loadDraft(request);
  // The second step needs a valid first one (a bookmark to ?step=second starts over).
  const step: RegisterStep =
    query.get("step") === "second" && firstStepSchema.safeParse(draft).success ? "second" : "first";
  const invitedId = query.get("invited_id") ?? draft.invitedId ?? "";
  return {
    title: t("register.title"),
    step,
    draft: {
      ...draft,
      userType: query.has("user_type") ? toUserType(query.get("user_type")) : toUserType(draft.userType),
      invitedId,
      // An invitation link fills in the address it was sent to.
      email: draft.email || ((await invitedEmail(invitedId)) ?? ""),
    },
  };
}

/**
 * POST /home/register. intent "next" checks the first step and keeps it in the draft; "back"
 * keeps the second step's typing and returns; "register" creates the account from the draft and
 * the second step, signs the member in and goes to /trainings (SPEC §4).
 */
export async function action({ request }: ActionFunctionArgs) {
  await redirectIfSignedIn(request);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "next") {
    const submission = parseWithZod(formData, { schema: firstStepSchema });
    const cookie = await saveDraft(request, submission.payload);
    if (submission.status !== "success") return refuse(submission.reply(), 400, { "Set-Cookie": cookie });
    return redirect(stepUrl("second", submission.value.invitedId), { headers: { "Set-Cookie": cookie } });
  }

  if (intent === "back") {
    const submission = parseWithZod(formData, { schema: secondStepSchema });
    const cookie = await saveDraft(request, submission.payload);
    return redirect(stepUrl("first", formData.get("invitedId")), { headers: { "Set-Cookie": cookie } });
  }

  const submission = parseWithZod(formData, { schema: secondStepSchema });
  const draftCookie = await saveDraft(request, submission.payload);
  if (submission.status !== "success") {
    return refuse(submission.reply({ hideFields: ["password", "confirmPassword"] }), 400, {
      "Set-Cookie": draftCookie,
    });
  }
  const first = firstStepSchema.safeParse(await loadDraft(request));
  if (!first.success) {
    return redirect(stepUrl("first", submission.value.invitedId), { headers: { "Set-Cookie": draftCookie } });
  }

  const { value } = submission;
  const result = await register({
    firstname: first.data.firstName,
    lastname: first.data.lastName,
    birthDate: first.data.birthDate,
    gender: first.data.gender,
    email: value.email,
    mobile: value.mobile ? `+${value.mobileCountryCode} ${value.mobile}` : null,
    password: value.password,
    userType: value.userType,
    lang: "fr", // SPEC §3, §9: the registration's lang is always fr.
    invitedId: value.invitedId,
    userAgent: request.headers.get("user-agent"),
  });
  if (!result.ok)
    return refuseWith(submission, registrationRefusals[result.error], { hideFields: ["password", "confirmPassword"] });
  const headers = new Headers();
  headers.append("Set-Cookie", await discardDraft(request));
  headers.append("Set-Cookie", await setTokenCookie(result.token));
  return redirect("/trainings", { headers });
}

function stepUrl(step: RegisterStep, invitedId: FormDataEntryValue | null | undefined) {
  const query = new URLSearchParams({ step });
  if (typeof invitedId === "string" && invitedId) query.set("invited_id", invitedId);
  return `/home/register?${query}`;
}

export default function Register() {
  const { step, draft } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  return (
    <section className="container section">
      <div className="card auth-card">
        <h1>{t("register.title")}</h1>
        <p className="muted">{t("register.lead")}</p>
        <ol className="steps">
          <li
            aria-current={step === "first" ? "step" : undefined}
            className={step === "second" ? "steps__done" : undefined}
          >
            {t("register.steps.first")}
          </li>
          <li aria-current={step === "second" ? "step" : undefined}>{t("register.steps.second")}</li>
        </ol>
        {step === "first" ? <FirstStep draft={draft} /> : <SecondStep draft={draft} />}
        <p className="form-links">
          <span>
            {t("register.haveAccount")} <Link to="/home/login">{t("register.login")}</Link>
          </span>
        </p>
      </div>
    </section>
  );
}

type Draft = ReturnType<typeof useLoaderData<typeof loader>>["draft"];

const loadFirstStepCheck = () => import("~/forms/auth-checks").then((checks) => checks.checkRegisterFirstStep);
const loadSecondStepCheck = () => import("~/forms/auth-checks").then((checks) => checks.checkRegisterSecondStep);

function FirstStep({ draft }: { draft: Draft }) {
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const [form, replied] = useFormReply<z.input<typeof firstStepSchema>>(reply, {
    id: "register-first",
    defaultValue: { gender: defaultGender, ...draft },
  });
  const [fields, checks] = useClientChecks(reply, replied, loadFirstStepCheck);
  const formRef = useRegistrationDraftStorage();
  return (
    <Form method="post" {...formProps(form)} {...checks} className="form" ref={formRef} noValidate>
      <FormAlert lines={form.errors?.map((error) => t(error))} />
      <input {...fieldProps(fields.userType, { type: "hidden" })} />
      <input {...fieldProps(fields.invitedId, { type: "hidden" })} />
      <Field label={t("fields.firstName")} meta={fields.firstName} ns="auth">
        <input {...fieldProps(fields.firstName, { type: "text" })} autoComplete="given-name" />
      </Field>
      <Field label={t("fields.lastName")} meta={fields.lastName} ns="auth">
        <input {...fieldProps(fields.lastName, { type: "text" })} autoComplete="family-name" />
      </Field>
      <Field label={t("fields.birthDate")} meta={fields.birthDate} ns="auth">
        <input {...fieldProps(fields.birthDate, { type: "date" })} autoComplete="bday" />
      </Field>
      <fieldset className="field" aria-describedby={fields.gender.errors ? fields.gender.errorId : undefined}>
        <legend>{t("fields.gender")}</legend>
        <div className="radio-row">
          {genders.map((gender) => (
            <label key={gender}>
              <input
                type="radio"
                name={fields.gender.name}
                value={gender}
                defaultChecked={(fields.gender.initialValue ?? defaultGender) === gender}
              />
              {t(`genders.${gender}`)}
            </label>
          ))}
        </div>
        {fields.gender.errors ? (
          <p id={fields.gender.errorId} className="field__errors">
            {t(fields.gender.errors[0])}
          </p>
        ) : null}
      </fieldset>
      <SubmitButton name="intent" value="next" pendingLabel={t("register.pending")}>
        {t("register.next")}
      </SubmitButton>
    </Form>
  );
}

function SecondStep({ draft }: { draft: Draft }) {
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const [form, replied] = useFormReply<z.input<typeof secondStepSchema>>(reply, {
    id: "register-second",
    defaultValue: { mobileCountryCode: defaultCountryCode, ...draft },
  });
  // "Back" (formNoValidate) is never checked: whatever was typed is kept in the draft.
  const [fields, checks] = useClientChecks(reply, replied, loadSecondStepCheck);
  const formRef = useRegistrationDraftStorage();
  return (
    <Form
      method="post"
      {...formProps(form)}
      {...checks}
      onSubmit={(event) => {
        checks.onSubmit(event);
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        if (!event.defaultPrevented && submitter?.getAttribute("value") === "register") clearRegistrationDraftStorage();
      }}
      className="form"
      ref={formRef}
      noValidate
    >
      <FormAlert lines={form.errors?.map((error) => t(error))} />
      <input {...fieldProps(fields.userType, { type: "hidden" })} />
      <input {...fieldProps(fields.invitedId, { type: "hidden" })} />
      <Field label={t("fields.email")} meta={fields.email} ns="auth">
        <input {...fieldProps(fields.email, { type: "email" })} autoComplete="email" />
      </Field>
      <div className="field">
        <label htmlFor={fields.mobile.id}>{t("fields.mobile")}</label>
        <p id="mobile-hint" className="field__hint">
          {t("register.mobileHint")}
        </p>
        <div className="field__row">
          <span className="field__prefix">
            <span aria-hidden="true">+</span>
            <input
              {...fieldProps(fields.mobileCountryCode, { type: "text" })}
              inputMode="numeric"
              aria-label={t("fields.countryCode")}
              autoComplete="tel-country-code"
            />
          </span>
          <input
            {...fieldProps(fields.mobile, { type: "tel" })}
            aria-describedby="mobile-hint"
            autoComplete="tel-national"
          />
        </div>
        {[...(fields.mobileCountryCode.errors ?? []), ...(fields.mobile.errors ?? [])].map((error) => (
          <p key={error} className="field__errors">
            {t(error)}
          </p>
        ))}
      </div>
      <Field label={t("fields.password")} meta={fields.password} hint={t("register.passwordHint")} ns="auth">
        <input
          {...fieldProps(fields.password, { type: "password", described: fields.password.descriptionId })}
          autoComplete="new-password"
        />
      </Field>
      <Field label={t("fields.confirmPassword")} meta={fields.confirmPassword} ns="auth">
        <input {...fieldProps(fields.confirmPassword, { type: "password" })} autoComplete="new-password" />
      </Field>
      <SubmitButton name="intent" value="register" pendingLabel={t("register.pending")}>
        {t("register.submit")}
      </SubmitButton>
      <button type="submit" name="intent" value="back" className="button button--ghost button--block" formNoValidate>
        {t("register.back")}
      </button>
    </Form>
  );
}
