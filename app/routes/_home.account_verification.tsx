import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { codeRefusals } from "~/.server/accounts/contract.server";
import { resendVerification, verifyWithCode, verifyWithLink } from "~/.server/accounts/verification.server";
import { requireSignedIn } from "~/.server/auth/guard.server";
import { readToken } from "~/.server/auth/token-cookie.server";
import { intentOf, refuse, refuseUnknownIntent, refuseWith } from "~/.server/http/form-reply.server";
import { safeRedirectPath } from "~/.server/http/safe-redirect.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { isVerified } from "~/.server/identity/identity-service.server";
import { useClientChecks } from "~/components/form/client-checks";
import { FormAlert, SubmitButton } from "~/components/form/form";
import { formProps, useFormReply } from "~/components/form/form-reply";
import { LogoutButton } from "~/components/document/logout-button";
import { titleMeta } from "~/components/document/page-title";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { CodeField } from "~/components/form/secret-fields";
import { parseWithZod, verificationSchema } from "~/.server/accounts/forms.server";
import { useTranslation } from "~/i18n/react";
import { CODE_LIFETIME_MINUTES } from "~/forms/emailed-code";
import { ButtonLine } from "~/components/presentational/button-link";

export const meta = titleMeta;

/** Where a verified member goes next: the page they were sent here from, or the trainings. */
function nextPath(request: Request) {
  return safeRedirectPath(new URL(request.url).searchParams.get("redirect_after"), "/trainings");
}

/**
 * /account_verification (SPEC §4, §5): explains, takes the code, resends it. The one-click link of
 * the email lands here too, with code_id and token. A member cannot leave before the address is
 * verified: every signed-in route sends them back here.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await translator(request, "auth");
  const query = new URL(request.url).searchParams;
  const codeId = query.get("code_id");
  const linkToken = query.get("token");
  let linkFailed = false;
  if (codeId && linkToken) {
    const result = await verifyWithLink(codeId, linkToken, context.clientIp ?? "unknown");
    if (result.ok && !(await readToken(request))) {
      return { title: t("verification.title"), email: null, linkVerified: true, linkFailed: false };
    }
    linkFailed = !result.ok;
  }
  const { identity } = await requireSignedIn(request);
  if (isVerified(identity)) throw redirect(nextPath(request));
  return { title: t("verification.title"), email: identity.traits.email, linkVerified: false, linkFailed };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { identity, member } = await requireSignedIn(request);
  if (isVerified(identity)) throw redirect(nextPath(request), 303);
  const formData = await request.formData();

  const intent = intentOf(formData, ["verify", "resend"]);
  if (!intent) return refuseUnknownIntent();
  if (intent === "resend") {
    const sent = await resendVerification(identity, member, await localeOf(request));
    return data({ resent: sent.ok, resendRefused: sent.ok ? null : sent.error }, { status: sent.ok ? 200 : 429 });
  }

  const submission = parseWithZod(formData, { schema: verificationSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const result = await verifyWithCode(identity.id, submission.value.code, context.clientIp ?? "unknown");
  if (!result.ok) return refuseWith(submission, codeRefusals[result.error]);
  return redirect(nextPath(request), 303);
}

const loadCheck = () => import("~/forms/auth-checks").then((checks) => checks.checkVerification);

export default function AccountVerification() {
  const { email, linkVerified, linkFailed } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  // The resend form's answer has no field errors: useFormReply reads it as no answer.
  const [form, replied] = useFormReply<z.input<typeof verificationSchema>>(answer, { id: "verification" });
  const [fields, checks] = useClientChecks(answer, replied, loadCheck);

  if (linkVerified) {
    return (
      <section className="container section">
        <div className="card auth-card">
          <h1>{t("verification.title")}</h1>
          <FormAlert tone="success" lines={[t("verification.linkVerified")]} />
          <ButtonLine to="/home/login" size="block">
            {t("login.submit")}
          </ButtonLine>
        </div>
      </section>
    );
  }

  return (
    <section className="container section">
      <div className="card auth-card">
        <h1>{t("verification.title")}</h1>
        <p>{t("verification.lead", { email: email ?? "", minutes: CODE_LIFETIME_MINUTES })}</p>
        {linkFailed ? <FormAlert lines={[t("verification.linkFailed")]} /> : null}
        <UnknownIntentAlert reply={answer} />
        {answer && "resent" in answer && answer.resent ? (
          <FormAlert tone="success" lines={[t("verification.resent")]} />
        ) : null}
        {answer && "resendRefused" in answer && answer.resendRefused ? (
          <FormAlert lines={[t(`errors.${answer.resendRefused}`)]} />
        ) : null}
        <Form method="post" {...formProps(form)} {...checks} className="form" noValidate>
          <CodeField meta={fields.code} label={t("fields.code")} />
          <SubmitButton name="intent" value="verify" pendingLabel={t("verification.pending")}>
            {t("verification.submit")}
          </SubmitButton>
        </Form>
        <Form method="post" className="form-links">
          <SubmitButton
            name="intent"
            value="resend"
            pendingLabel={t("verification.pending")}
            className="button button--ghost button--block"
          >
            {t("verification.resend")}
          </SubmitButton>
        </Form>
        <div className="form-links">
          <LogoutButton className="button button--ghost button--block" />
        </div>
      </div>
    </section>
  );
}
