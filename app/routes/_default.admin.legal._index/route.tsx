import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth/role-guard.server";
import { dateFormat } from "~/.server/calendar/date-formats.server";
import { refuse } from "~/.server/http/form-reply.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { versionsInForce } from "~/.server/legal/pages.server";
import {
  PUBLISHER_FIELD_MAX,
  publisherDetails,
  publisherSchema,
  savePublisherDetails,
} from "~/.server/legal/publisher.server";
import { titleMeta } from "~/components/document/page-title";
import { Field, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { isLegalPage, PUBLISHER_FIELDS } from "~/forms/legal-pages";
import { parseWithZod } from "~/forms/submission";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/**
 * /admin/legal: the legal pages, each with its version in force and a way to publish a new one,
 * and the publisher's details the legal notice (and receipts) show.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  const lang = await localeOf(request);
  const t = await translator(lang, "admin");
  const day = dateFormat(lang, { dateStyle: "long", timeZone: "Europe/Paris" });
  const query = new URL(request.url).searchParams;
  const published = query.get("published");
  return {
    title: t("legal.title"),
    pages: (await versionsInForce()).map(({ page, number, publishedAt }) => ({
      page,
      number,
      date: publishedAt ? day.format(publishedAt) : null,
    })),
    details: await publisherDetails(),
    published: isLegalPage(published) ? published : null,
    saved: query.get("saved") === "publisher",
    max: PUBLISHER_FIELD_MAX,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireRole(request, "admin");
  const submission = parseWithZod(await request.formData(), { schema: publisherSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  await savePublisherDetails({ memberId: member.id }, submission.value);
  return redirect("/admin/legal?saved=publisher", 303);
}

export default function AdminLegal() {
  const { pages, details, published, saved, max } = useLoaderData<typeof loader>();
  const [form, fields] = useFormReply<Record<string, string>>(useActionData(), {
    id: "publisher",
    defaultValue: details,
  });
  const { t } = useTranslation("admin");
  const { t: legal } = useTranslation("legal");
  return (
    <>
      <h1>{t("legal.title")}</h1>
      <p className="muted">{t("legal.lead")}</p>
      {published ? (
        <FormAlert tone="success" lines={[t("legal.published", { page: legal(`pages.${published}`) })]} />
      ) : null}
      {saved ? <FormAlert tone="success" lines={[t("legal.publisherSaved")]} /> : null}
      <ul className="card">
        {pages.map(({ page, number, date }) => (
          <li key={page}>
            <Link to={`/legal/${page}`}>{legal(`pages.${page}`)}</Link> —{" "}
            {date ? legal("versionNumbered", { number, date }) : t("legal.none")} ·{" "}
            <Link to={`/admin/legal/${page}`}>{t("legal.newVersion")}</Link>
          </li>
        ))}
      </ul>
      <Form method="post" {...formProps(form)} className="form card">
        <h2>{t("legal.publisher")}</h2>
        <p className="muted">{t("legal.publisherLead")}</p>
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        {PUBLISHER_FIELDS.map((name) => (
          <Field key={name} meta={fields[name]} label={legal(`publisher.${name}`)} ns="admin">
            <input {...fieldProps(fields[name], { type: "text" })} maxLength={max} />
          </Field>
        ))}
        <SubmitButton pendingLabel={t("legal.saving")} className="button button--primary">
          {t("legal.savePublisher")}
        </SubmitButton>
      </Form>
    </>
  );
}
