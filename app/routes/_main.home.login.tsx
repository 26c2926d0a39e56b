import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { loginRefusals } from "~/.server/accounts/contract.server";
import { login } from "~/.server/accounts/login.server";
import { redirectIfSignedIn } from "~/.server/auth/guard.server";
import { owesSecondFactor, SECOND_STEP_PATH } from "~/.server/auth/second-step.server";
import { setTokenCookie } from "~/.server/auth/token-cookie.server";
import { refuse, refuseWith } from "~/.server/http/form-reply.server";
import { safeRedirectPath } from "~/.server/http/safe-redirect.server";
import { languageCookieHeader, translator } from "~/.server/i18n/i18n.server";
import { clientOf } from "~/.server/http/client.server";
import { useClientChecks } from "~/components/form/client-checks";
import { Field, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { titleMeta } from "~/components/document/page-title";
import { sharedPageHandle } from "~/components/document/cacheable-page";
import { loginSchema, parseWithZod } from "~/.server/accounts/forms.server";
import type { z } from "zod";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/** The same for every visitor without a session: rendered once, then kept (render cache). */
export const handle = sharedPageHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  const t = await translator(request, "auth");
  const redirectAfter = new URL(request.url).searchParams.get("redirect_after") ?? "";
  return { title: t("login.title"), redirectAfter };
}

/** POST /home/login: signs in, then goes to redirect_after when it is ours, else / (SPEC §4). */
export async function action({ request, context }: ActionFunctionArgs) {
  await redirectIfSignedIn(request);
  const submission = parseWithZod(await request.formData(), { schema: loginSchema });
  if (submission.status !== "success") return refuse(submission.reply({ hideFields: ["password"] }));

  const { email, password, redirectAfter } = submission.value;
  const result = await login(email, password, clientOf(request, context));
  if (!result.ok) return refuseWith(submission, loginRefusals[result.error], { hideFields: ["password"] });
  const headers = new Headers({ "Set-Cookie": await setTokenCookie(result.token) });
  headers.append("Set-Cookie", result.deviceCookie);
  // The language the member saved follows them to this device.
  if (result.lang) headers.append("Set-Cookie", await languageCookieHeader(result.lang));
  const next = safeRedirectPath(redirectAfter);
  // A member whose sign-in asks a second factor gives it first (unless this browser is remembered).
  if (result.signedIn && owesSecondFactor(request, result.signedIn)) {
    return redirect(`${SECOND_STEP_PATH}?redirect_after=${encodeURIComponent(next)}`, { headers });
  }
  return redirect(next, { headers });
}

const loadCheck = () => import("~/forms/auth-checks").then((checks) => checks.checkLogin);

export default function Login() {
  const { redirectAfter } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const [form, replied] = useFormReply<z.input<typeof loginSchema>>(reply, {
    id: "login",
    defaultValue: { redirectAfter },
  });
  const [fields, checks] = useClientChecks(reply, replied, loadCheck);
  return (
    <>
      <h1>{t("login.title")}</h1>
      <p className="muted">{t("login.lead")}</p>
      <Form method="post" {...formProps(form)} {...checks} className="form" noValidate>
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <input {...fieldProps(fields.redirectAfter, { type: "hidden" })} />
        <Field label={t("fields.email")} meta={fields.email} ns="auth">
          <input {...fieldProps(fields.email, { type: "email" })} autoComplete="email" />
        </Field>
        <Field label={t("fields.password")} meta={fields.password} ns="auth">
          <input {...fieldProps(fields.password, { type: "password" })} autoComplete="current-password" />
        </Field>
        <p className="form__aside">
          <Link to="/home/forgot-password">{t("login.forgotPassword")}</Link>
        </p>
        <SubmitButton pendingLabel={t("login.pending")}>{t("login.submit")}</SubmitButton>
      </Form>
      <p className="form-links">
        <span>
          {t("login.noAccount")} <Link to="/home/register">{t("login.signUp")}</Link>
        </span>
      </p>
    </>
  );
}
