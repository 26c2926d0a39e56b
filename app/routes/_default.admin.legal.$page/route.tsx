import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth/role-guard.server";
import { refuse } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { versionProblems, versionSchema } from "~/.server/legal/contract.server";
import { legalVersion, publishVersion } from "~/.server/legal/pages.server";
import { LEGAL_TEXT_MAX_CHARS } from "~/content/legal-text";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert, SubmitButton } from "~/components/form/form";
import { formProps, useFormReply } from "~/components/form/form-reply";
import { isLegalPage } from "~/forms/legal-pages";
import { parseWithZod } from "~/forms/submission";
import { useTranslation } from "~/i18n/react";
import { TextAreaField } from "~/components/form/text-area-field";

export const meta = titleMeta;

/**
 * /admin/legal/{page}: a new version of a legal page, from the text in force, in both languages
 * and the authors' formatting (a `## ` line opens a section). Publishing never changes the
 * version members accepted: it adds the next one, dated today.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  const page = params.page;
  if (!isLegalPage(page)) notFound(request);
  const t = await translator(request, "legal");
  const current = await legalVersion(page, null);
  return {
    title: t(`pages.${page}`),
    page,
    values: { bodyFr: current?.body.fr ?? "", bodyEn: current?.body.en ?? "" },
    max: LEGAL_TEXT_MAX_CHARS,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireRole(request, "admin");
  const page = params.page;
  if (!isLegalPage(page)) notFound(request);
  const submission = parseWithZod(await request.formData(), { schema: versionSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const fieldErrors = await versionProblems(submission.value, await localeOf(request));
  if (Object.keys(fieldErrors).length) return refuse(submission.reply({ fieldErrors }));
  await publishVersion({ memberId: member.id }, page, { fr: submission.value.bodyFr, en: submission.value.bodyEn });
  return redirect(`/admin/legal?published=${page}`, 303);
}

export default function NewLegalVersion() {
  const { title, values, max } = useLoaderData<typeof loader>();
  const [form, fields] = useFormReply<{ bodyFr: string; bodyEn: string }>(useActionData(), {
    id: "legal-version",
    defaultValue: values,
  });
  const { t } = useTranslation("admin");
  return (
    <>
      <p>
        <Link to="/admin/legal">{t("legal.back")}</Link>
      </p>
      <h1>{t("legal.editTitle", { page: title })}</h1>
      <p className="muted">{t("legal.editLead")}</p>
      <Form method="post" {...formProps(form)} className="form card">
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <TextAreaField
          meta={fields.bodyFr}
          label={t("legal.bodyFr")}
          hint={t("legal.formatHint")}
          ns="admin"
          rows={20}
          maxLength={max}
        />
        <TextAreaField meta={fields.bodyEn} label={t("legal.bodyEn")} ns="admin" rows={20} maxLength={max} />
        <SubmitButton pendingLabel={t("legal.publishing")} className="button button--primary">
          {t("legal.publish")}
        </SubmitButton>
      </Form>
    </>
  );
}
