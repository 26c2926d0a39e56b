import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "~/forms/submission";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireSecondStep } from "~/.server/auth/guard.server";
import { rememberDeviceCookie } from "~/.server/auth/second-step.server";
import { clientOf } from "~/.server/http/client.server";
import { deviceCookieHeader, newDevice } from "~/.server/http/device-cookie.server";
import { normalizeEmail } from "~/.server/identity/identity-service.server";
import { intentOf, refuse, refuseUnknownIntent, refuseWith } from "~/.server/http/form-reply.server";
import { safeRedirectPath } from "~/.server/http/safe-redirect.server";
import { translator } from "~/.server/i18n/i18n.server";
import { secondStepRefusals, twoFactorForms } from "~/.server/two-factor/contract.server";
import { giveSecondFactor } from "~/.server/two-factor/two-factor.server";
import { LogoutButton } from "~/components/document/logout-button";
import { titleMeta } from "~/components/document/page-title";
import { Field, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/** `?method=recovery` shows the recovery code's form instead of the app's: a link, so it works without JavaScript. */
function stepOf(request: Request) {
  const url = new URL(request.url);
  return {
    method: url.searchParams.get("method") === "recovery" ? ("recovery" as const) : ("totp" as const),
    redirectAfter: safeRedirectPath(url.searchParams.get("redirect_after")),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSecondStep(request);
  const t = await translator(request, "auth");
  return { title: t("secondFactor.title"), ...stepOf(request) };
}

/** POST /home/login/second-factor: a right code (the app's or a recovery code) goes on to redirect_after. */
export async function action({ request, context }: ActionFunctionArgs) {
  const signedIn = await requireSecondStep(request);
  const formData = await request.formData();
  const method = intentOf(formData, ["totp", "recovery"] as const);
  if (!method) return refuseUnknownIntent();
  const submission = parseWithZod(formData, { schema: twoFactorForms[method] });
  if (submission.status !== "success") return refuse(submission.reply());
  const code = {
    method: method === "totp" ? ("totp" as const) : ("lookup_secret" as const),
    code: submission.value.code,
  };
  const client = clientOf(request, context);
  const given = await giveSecondFactor(signedIn, code, client);
  if (!given.ok) return refuseWith(submission, secondStepRefusals[given.error], { hideFields: ["code"] });
  const headers = new Headers();
  if (submission.value.remember && signedIn.twoFactorSince) {
    // Remembered beside this browser's device cookie: one that lost it gets a new one.
    const device = client.device ?? newDevice();
    if (!client.device)
      headers.append("Set-Cookie", deviceCookieHeader(device, normalizeEmail(signedIn.identity.traits.email)));
    headers.append("Set-Cookie", rememberDeviceCookie(signedIn.identity.id, signedIn.twoFactorSince, device));
  }
  return redirect(stepOf(request).redirectAfter, { status: 303, headers });
}

export default function SecondFactor() {
  const { method, redirectAfter } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const [form, fields] = useFormReply<{ code: string; remember: string }>(reply, { id: method, intent: method });
  const here = `?redirect_after=${encodeURIComponent(redirectAfter)}`;
  return (
    <>
      <h1>{t("secondFactor.title")}</h1>
      <p className="muted">{t(`secondFactor.${method}.lead`)}</p>
      <UnknownIntentAlert reply={reply} />
      <Form method="post" {...formProps(form)} className="form" noValidate>
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <Field label={t(`secondFactor.${method}.label`)} meta={fields.code} ns="auth">
          <input
            {...fieldProps(fields.code, { type: "text" })}
            required
            autoComplete="one-time-code"
            inputMode={method === "totp" ? "numeric" : "text"}
            maxLength={method === "totp" ? 7 : 32}
            spellCheck={false}
          />
        </Field>
        <div className="radio-row">
          <label>
            <input {...fieldProps(fields.remember, { type: "checkbox", value: "on" })} />
            {t("secondFactor.remember")}
          </label>
        </div>
        <SubmitButton name="intent" value={method} pendingLabel={t("secondFactor.pending")}>
          {t("secondFactor.submit")}
        </SubmitButton>
      </Form>
      <p className="form-links">
        {method === "totp" ? (
          <Link to={`${here}&method=recovery`}>{t("secondFactor.useRecoveryCode")}</Link>
        ) : (
          <Link to={here}>{t("secondFactor.useApp")}</Link>
        )}
      </p>
      <p className="form-links">
        <Link to="/home/forgot-password">{t("secondFactor.resetPassword")}</Link>
      </p>
      <LogoutButton />
    </>
  );
}
