import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { requireAuthor } from "~/.server/auth/role-guard.server";
import { titleOnly } from "~/.server/http/title-only.server";
import { createTraining, newTrainingSchema } from "~/.server/authoring/training-create.server";
import { refuse, refuseWith } from "~/.server/http/form-reply.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { BilingualField } from "~/routes/_default.author/draft-form";
import { AccessField, SlugField } from "~/routes/_default.author/draft-fields";
import { titleMeta } from "~/components/document/page-title";
import { ErrorList, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { parseWithZod } from "~/forms/submission";
import { useTranslation } from "~/i18n/react";
import { createRefusals } from "~/.server/authoring/contract.server";

export const meta = titleMeta;

/**
 * /author/trainings/new: a new training or test. Its kind, titles, access and
 * slug (made from the title when left empty); it starts as an empty draft and opens in the editor.
 * Members see nothing of it until it is published.
 */
export const loader = ({ request }: LoaderFunctionArgs) => titleOnly(request, requireAuthor, "author", "create.title");

export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireAuthor(request);
  const submission = parseWithZod(await request.formData(), { schema: newTrainingSchema });
  if (submission.status !== "success") return refuse(submission.reply(), 422);
  const created = await createTraining(submission.value, { id: member.id, lang: await localeOf(request) });
  if (created.ok) return redirect(`/author/trainings/${submission.value.slug}`, 303);
  if (created.error === "taken") return refuseWith(submission, createRefusals.taken);
  // The form's own fields are within the draft schema's bounds: nothing else can be refused.
  return refuse(submission.reply({ formErrors: ["errors.invalid"] }), 422);
}

export default function NewTraining() {
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("author");
  const [form, fields] = useFormReply<{ kind: string; slug: string; titleFr: string; titleEn: string; access: string }>(
    reply,
    {
      id: "new-training",
      defaultValue: { kind: "training", access: "free" },
    },
  );
  return (
    <>
      <p>
        <Link to="/author/trainings">← {t("outline.back")}</Link>
      </p>
      <h1>{t("create.title")}</h1>
      <p className="lead">{t("create.lead")}</p>
      <Form method="post" className="card author-form" {...formProps(form)}>
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <fieldset
          className={fields.kind.errors ? "field field--invalid" : "field"}
          aria-describedby={fields.kind.errors ? fields.kind.errorId : undefined}
        >
          <legend>{t("create.kind")}</legend>
          <div className="radio-row">
            {(["training", "test"] as const).map((kind) => (
              <label key={kind}>
                <input {...fieldProps({ ...fields.kind, errors: undefined }, { type: "radio", value: kind })} />
                {t(`trainings.kind.${kind}`)}
              </label>
            ))}
          </div>
          <ErrorList id={fields.kind.errorId} errors={fields.kind.errors} ns="author" />
        </fieldset>
        <BilingualField fields={fields} name="title" label={t("overview.name")} />
        <SlugField
          meta={fields.slug}
          label={t("create.slug")}
          hint={t("create.slugHint")}
          autoCapitalize="none"
          spellCheck={false}
        />
        <AccessField meta={fields.access} />
        <SubmitButton pendingLabel={t("create.creating")}>{t("create.submit")}</SubmitButton>
      </Form>
    </>
  );
}
