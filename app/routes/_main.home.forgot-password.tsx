import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import type { z } from "zod";
import { recoveryRequestRefusals } from "~/.server/accounts/contract.server";
import { requestRecovery } from "~/.server/accounts/recovery.server";
import { redirectIfSignedIn } from "~/.server/auth/guard.server";
import { clientOf } from "~/.server/http/client.server";
import { refuse, refuseWith } from "~/.server/http/form-reply.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { useClientChecks } from "~/components/form/client-checks";
import { Field, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { titleMeta } from "~/components/document/page-title";
import { sharedPageHandle } from "~/components/document/cacheable-page";
import { forgotPasswordSchema, parseWithZod } from "~/.server/accounts/forms.server";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/** The same for every visitor without a session: rendered once, then kept (render cache). */
export const handle = sharedPageHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  const t = await translator(request, "auth");
  return { title: t("forgot.title") };
}

/**
 * POST /home/forgot-password: a code by email, then /home/new-password-{code_id} (SPEC §4). The
 * answer is the same for a known address and an unknown one; a bad address is told under its
 * field, a limit reached over the form (SPEC §8).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await redirectIfSignedIn(request);
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const result = await requestRecovery(submission.value.email, await localeOf(request), clientOf(request, context));
  if (!result.ok) return refuseWith(submission, recoveryRequestRefusals[result.error]);
  return redirect(`/home/new-password-${result.codeId}`, 303);
}

const loadCheck = () => import("~/forms/auth-checks").then((checks) => checks.checkForgotPassword);

export default function ForgotPassword() {
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const [form, replied] = useFormReply<z.input<typeof forgotPasswordSchema>>(reply, { id: "forgot-password" });
  const [fields, checks] = useClientChecks(reply, replied, loadCheck);
  return (
    <>
      <h1>{t("forgot.title")}</h1>
      <p className="muted">{t("forgot.lead")}</p>
      <Form method="post" {...formProps(form)} {...checks} className="form" noValidate>
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <Field label={t("fields.email")} meta={fields.email} ns="auth">
          <input {...fieldProps(fields.email, { type: "email" })} autoComplete="email" />
        </Field>
        <SubmitButton pendingLabel={t("forgot.pending")}>{t("forgot.submit")}</SubmitButton>
      </Form>
      <p className="form-links">
        <Link to="/home/login">{t("forgot.backToLogin")}</Link>
      </p>
    </>
  );
}
