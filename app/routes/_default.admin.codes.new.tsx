import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "~/forms/submission";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth/role-guard.server";
import { localDay } from "~/.server/calendar/time-zones.server";
import { refuse, refuseWith } from "~/.server/http/form-reply.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import {
  codeFormSchema,
  codeRefusals,
  MAX_NOTE_LENGTH,
  MAX_USES,
} from "~/.server/trainings/access-code-contract.server";
import { createCode, payableTrainings } from "~/.server/trainings/access-codes.server";
import { titleMeta } from "~/components/document/page-title";
import { Field, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { SelectField } from "~/components/form/select-field";
import { useTranslation } from "~/i18n/react";
import { TextAreaField } from "~/components/form/text-area-field";

export const meta = titleMeta;

/** /admin/codes/new: a code for a payable training, typed or generated, with optional uses, expiry and note. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireRole(request, "admin");
  const t = await translator(request, "admin");
  const lang = await localeOf(request);
  return {
    title: t("codes.newTitle"),
    trainings: (await payableTrainings()).map((training) => ({ slug: training.slug, title: training.title[lang] })),
    today: localDay(new Date(), member.time_zone),
    timeZone: member.time_zone,
    // The browser bundle has none of .server's constants: the bounds come with the page.
    limits: { maxUses: MAX_USES, note: MAX_NOTE_LENGTH },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireRole(request, "admin");
  const submission = parseWithZod(await request.formData(), {
    schema: codeFormSchema(localDay(new Date(), member.time_zone)),
  });
  if (submission.status !== "success") return refuse(submission.reply());
  const made = await createCode({ memberId: member.id }, submission.value, member.time_zone);
  if (!made.ok) return refuseWith(submission, codeRefusals[made.error]);
  return redirect(`/admin/codes/${made.code}?saved=created`, 303);
}

type Fields = { training: string; code: string; maxUses: string; expiresOn: string; note: string };

export default function NewAccessCode() {
  const { trainings, today, timeZone, limits } = useLoaderData<typeof loader>();
  const [form, fields] = useFormReply<Fields>(useActionData(), { id: "new-code" });
  const { t } = useTranslation("admin");
  return (
    <>
      <p>
        <Link to="/admin/codes">{t("codes.back")}</Link>
      </p>
      <h1>{t("codes.newTitle")}</h1>
      <Form method="post" {...formProps(form)} className="form card">
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <SelectField
          meta={fields.training}
          label={t("codes.fields.training")}
          ns="admin"
          options={trainings.map((training) => ({ value: training.slug, label: training.title }))}
          required
        />
        <Field meta={fields.code} label={t("codes.fields.code")} hint={t("codes.fields.codeHint")} ns="admin">
          <input
            {...fieldProps(fields.code, { type: "text", described: fields.code.descriptionId })}
            minLength={4}
            maxLength={32}
            pattern="[A-Za-z0-9\-]{4,32}"
            autoComplete="off"
            autoCapitalize="characters"
          />
        </Field>
        <Field meta={fields.maxUses} label={t("codes.fields.maxUses")} hint={t("codes.fields.maxUsesHint")} ns="admin">
          <input
            {...fieldProps(fields.maxUses, { type: "number", described: fields.maxUses.descriptionId })}
            min={1}
            max={limits.maxUses}
            step={1}
            inputMode="numeric"
          />
        </Field>
        <Field
          meta={fields.expiresOn}
          label={t("codes.fields.expiresOn")}
          hint={t("codes.fields.expiresOnHint", { zone: timeZone })}
          ns="admin"
        >
          <input
            {...fieldProps(fields.expiresOn, { type: "date", described: fields.expiresOn.descriptionId })}
            min={today}
          />
        </Field>
        <TextAreaField
          meta={fields.note}
          label={t("codes.fields.note")}
          hint={t("codes.fields.noteHint")}
          ns="admin"
          maxLength={limits.note}
          rows={3}
        />
        <SubmitButton pendingLabel={t("codes.pending")} className="button button--primary">
          {t("codes.create")}
        </SubmitButton>
      </Form>
    </>
  );
}
