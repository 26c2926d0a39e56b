import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "~/forms/submission";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { intentOf, refuse, refuseUnknownIntent } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { translator } from "~/.server/i18n/i18n.server";
import { crewMemberOf, removeCrewMember, updateCrewMember } from "~/.server/team/crew.server";
import { relations } from "~/.server/team/relations.server";
import { crewEditSchema } from "~/.server/team/team-forms.server";
import { CrewFields } from "~/components/form/crew-fields";
import { FormAlert, IntentButton } from "~/components/form/form";
import { formProps, useFormReply } from "~/components/form/form-reply";
import { titleMeta } from "~/components/document/page-title";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { useTranslation } from "~/i18n/react";
import { ButtonLink } from "~/components/presentational/button-link";

export const meta = titleMeta;

/**
 * /my_team/edit-{id}. Remix params are whole path segments, so this route takes /my_team/:page
 * and answers 404 for anything that is not "edit-" and one of the member's own crew ids.
 */
async function crewOf(request: Request, page: string | undefined) {
  const { member } = await requireMember(request);
  const id = page?.match(/^edit-(.+)$/)?.[1];
  const crew = id ? await crewMemberOf(member.id, id) : null;
  if (!crew) notFound(request);
  return { member, crew };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { crew } = await crewOf(request, params.page);
  const t = await translator(request, "team");
  // ?remove asks for the confirmation first: a second POST step, no script needed.
  return { title: t("edit.title"), crew, relations, confirmRemove: new URL(request.url).searchParams.has("remove") };
}

/** intent "save": name and relation; intent "remove" (from the confirmation): out of the crew. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { member, crew } = await crewOf(request, params.page);
  const formData = await request.formData();
  const intent = intentOf(formData, ["save", "remove"]);
  if (!intent) return refuseUnknownIntent();
  if (intent === "remove") {
    await removeCrewMember(member.id, crew.id);
    return redirect("/my_team/list?removed", 303);
  }
  const submission = parseWithZod(formData, { schema: crewEditSchema });
  if (submission.status !== "success") return refuse(submission.reply({ formErrors: ["errors.checkFields"] }));
  await updateCrewMember(member.id, crew.id, submission.value);
  return redirect("/my_team/list?saved", 303);
}

export default function EditCrewMember() {
  const { crew, relations: choices, confirmRemove } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("team");
  const [form, fields] = useFormReply<{ name: string; email: string; relation: string }>(reply, {
    id: "crew",
    defaultValue: { name: crew.name, relation: crew.relation },
  });
  if (confirmRemove) {
    return (
      <section className="card" aria-labelledby="remove-title">
        <h1 id="remove-title">{t("edit.removeTitle", { name: crew.name })}</h1>
        <p>{t("edit.removeText")}</p>
        <UnknownIntentAlert reply={reply} />
        <Form method="post" className="actions">
          <IntentButton intent="remove" pendingLabel={t("edit.removePending")}>
            {t("edit.removeConfirm")}
          </IntentButton>
          <ButtonLink to={`/my_team/edit-${crew.id}`} tone="ghost">
            {t("edit.cancel")}
          </ButtonLink>
        </Form>
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="edit-title">
      <h1 id="edit-title">{t("edit.title")}</h1>
      <UnknownIntentAlert reply={reply} />
      <Form method="post" {...formProps(form)} className="form">
        <FormAlert lines={form.errors?.map((key) => t(key))} />
        <CrewFields relations={choices} fields={fields} fixedEmail={crew.email} />
        <IntentButton intent="save" pendingLabel={t("edit.pending")}>
          {t("edit.submit")}
        </IntentButton>
      </Form>
      <p className="form-links">
        <Link to={`/my_team/edit-${crew.id}?remove`}>{t("edit.remove")}</Link>
        <Link to="/my_team/list">{t("edit.back")}</Link>
      </p>
    </section>
  );
}
