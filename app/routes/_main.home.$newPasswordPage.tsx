import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { clientOf } from "~/.server/http/client.server";
import { notFound } from "~/.server/http/not-found.server";
import { recoveryRefusals } from "~/.server/accounts/contract.server";
import { completeRecovery, recoveryIsOpen } from "~/.server/accounts/recovery.server";
import { redirectIfSignedIn } from "~/.server/auth/guard.server";
import { setTokenCookie } from "~/.server/auth/token-cookie.server";
import { refuse, refuseWith } from "~/.server/http/form-reply.server";
import { translator } from "~/.server/i18n/i18n.server";
import { useClientChecks } from "~/components/form/client-checks";
import { FormAlert, SubmitButton } from "~/components/form/form";
import { formProps, useFormReply } from "~/components/form/form-reply";
import { CodeField, NewPasswordFields } from "~/components/form/secret-fields";
import { titleMeta } from "~/components/document/page-title";
import { newPasswordSchema, parseWithZod } from "~/.server/accounts/forms.server";
import { useTranslation } from "~/i18n/react";
import { CODE_LIFETIME_MINUTES } from "~/forms/emailed-code";
import { ButtonLine } from "~/components/presentational/button-link";

export const meta = titleMeta;

/**
 * /home/new-password-{code_id} (SPEC §2). Remix params are whole path segments, so this route
 * takes /home/:page and answers 404 for anything that is not "new-password-…".
 */
function codeIdOf(request: Request, page: string | undefined) {
  const match = page?.match(/^new-password-(.+)$/);
  if (!match) notFound(request);
  return match[1];
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const codeId = codeIdOf(request, params.newPasswordPage);
  await redirectIfSignedIn(request);
  const t = await translator(request, "auth");
  const open = await recoveryIsOpen(codeId);
  return { title: open ? t("newPassword.title") : t("newPassword.unknownTitle"), open };
}

/** POST: the code and the new password; on success every other session ends and the member is in. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const codeId = codeIdOf(request, params.newPasswordPage);
  await redirectIfSignedIn(request);
  const submission = parseWithZod(await request.formData(), { schema: newPasswordSchema });
  const hidden = { hideFields: ["password", "confirmPassword"] };
  if (submission.status !== "success") return refuse(submission.reply(hidden));
  const { code, password } = submission.value;
  const result = await completeRecovery(codeId, code, password, clientOf(request, context));
  if (!result.ok) return refuseWith(submission, recoveryRefusals[result.error], hidden);
  const headers = new Headers({ "Set-Cookie": await setTokenCookie(result.token) });
  if (result.deviceCookie) headers.append("Set-Cookie", result.deviceCookie);
  return redirect("/", { status: 303, headers });
}

const loadCheck = () => import("~/forms/auth-checks").then((checks) => checks.checkNewPassword);

export default function NewPassword() {
  const { open } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const [form, replied] = useFormReply<z.input<typeof newPasswordSchema>>(reply, { id: "new-password" });
  const [fields, checks] = useClientChecks(reply, replied, loadCheck);
  if (!open && !reply) {
    return (
      <>
        <h1>{t("newPassword.unknownTitle")}</h1>
        <p>{t("newPassword.unknownText")}</p>
        <ButtonLine to="/home/forgot-password" size="block">
          {t("newPassword.again")}
        </ButtonLine>
      </>
    );
  }
  return (
    <>
      <h1>{t("newPassword.title")}</h1>
      <p className="muted">{t("newPassword.lead", { minutes: CODE_LIFETIME_MINUTES })}</p>
      <Form method="post" {...formProps(form)} {...checks} className="form" noValidate>
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <CodeField meta={fields.code} label={t("fields.code")} />
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          label={t("fields.newPassword")}
          hint={t("register.passwordHint")}
        />
        <SubmitButton pendingLabel={t("newPassword.pending")}>{t("newPassword.submit")}</SubmitButton>
      </Form>
      <p className="form-links">
        <Link to="/home/forgot-password">{t("newPassword.again")}</Link>
      </p>
    </>
  );
}
