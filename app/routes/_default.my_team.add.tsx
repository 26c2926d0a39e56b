import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "~/forms/submission";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { refuse, refuseWith } from "~/.server/http/form-reply.server";
import { translator } from "~/.server/i18n/i18n.server";
import { crewRefusals } from "~/.server/team/contract.server";
import { addCrewMember } from "~/.server/team/crew.server";
import { relations } from "~/.server/team/relations.server";
import { crewMemberSchema } from "~/.server/team/team-forms.server";
import { FormAlert, SubmitButton } from "~/components/form/form";
import { formProps, useFormReply } from "~/components/form/form-reply";
import { CrewFields } from "~/components/form/crew-fields";
import { titleMeta } from "~/components/document/page-title";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  const t = await translator(request, "team");
  return { title: t("add.title"), relations };
}

/** POST /my_team/add: the crew member, their invitation and its email, in one transaction. */
export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const submission = parseWithZod(await request.formData(), { schema: crewMemberSchema });
  if (submission.status !== "success") return refuse(submission.reply({ formErrors: ["errors.checkFields"] }));
  const result = await addCrewMember(member, submission.value);
  if (!result.ok) return refuseWith(submission, crewRefusals[result.error]);
  return redirect(`/my_team/list?added=${result.id}`, 303);
}

export default function AddCrewMember() {
  const { relations } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("team");
  const [form, fields] = useFormReply<{ name: string; email: string; relation: string }>(reply, { id: "crew" });
  return (
    <section className="card" aria-labelledby="add-title">
      <h1 id="add-title">{t("add.title")}</h1>
      <p className="muted">{t("add.lead")}</p>
      <Form method="post" {...formProps(form)} className="form">
        <FormAlert lines={form.errors?.map((key) => t(key))} />
        <CrewFields relations={relations} fields={fields} />
        <SubmitButton pendingLabel={t("add.pending")} className="button button--primary">
          {t("add.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
