import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireAuthor } from "~/.server/auth/role-guard.server";
import { retireSchema, setRetired } from "~/.server/authoring/training-retire.server";
import { refuse, refuseWith } from "~/.server/http/form-reply.server";
import { translator } from "~/.server/i18n/i18n.server";
import { exportTraining } from "~/.server/trainings/training-file.server";
import { DraftAlerts, RevisionField } from "~/routes/_default.author/draft-form";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert, SubmitButton } from "~/components/form/form";
import { formProps, useFormReply } from "~/components/form/form-reply";
import { parseWithZod } from "~/forms/submission";
import { useTranslation } from "~/i18n/react";
import { retireRefusals } from "~/.server/authoring/contract.server";
import { draftPage } from "~/routes/_default.author/draft-page.server";
import { ButtonLink } from "~/components/presentational/button-link";

export const meta = titleMeta;

/**
 * /author/trainings/<slug>/retire: retire a training, or restore it, after a
 * confirmation. It applies at once: members who never started it stop seeing it; those who did
 * find it under "old trainings". A training never published has nothing to retire.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { draft } = await draftPage(request, params.slug);
  const t = await translator(request, "author");
  // What members see now: the live content's own flag (the draft may say otherwise until published).
  const live = draft.published ? await exportTraining(draft.slug) : null;
  const done = new URL(request.url).searchParams.get("done");
  return {
    title: t("retire.title"),
    slug: draft.slug,
    revision: draft.revision,
    published: live !== null,
    retired: live?.archived === true,
    done: done === "retired" || done === "restored" ? done : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireAuthor(request);
  const slug = params.slug ?? "";
  const submission = parseWithZod(await request.formData(), { schema: retireSchema });
  if (submission.status !== "success") return refuse(submission.reply(), 400);
  const { intent, revision } = submission.value;
  const outcome = await setRetired(slug, { archived: intent === "retire", revision, authorId: member.id });
  if (!outcome.ok) return refuseWith(submission, retireRefusals[outcome.error]);
  return redirect(`/author/trainings/${slug}/retire?done=${intent === "retire" ? "retired" : "restored"}`, 303);
}

export default function RetireTraining() {
  const { slug, revision, published, retired, done } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("author");
  const [form] = useFormReply(reply, { id: "retire" });
  const intent = retired ? "restore" : "retire";
  return (
    <section className="card author-form">
      <h2>{t(retired ? "retire.restoreTitle" : "retire.title")}</h2>
      {done ? <FormAlert tone="success" lines={[t(`retire.done.${done}`)]} /> : null}
      <DraftAlerts form={form} reply={reply} />
      {!published ? (
        <p>{t("retire.notPublished")}</p>
      ) : (
        <Form method="post" {...formProps(form)}>
          <RevisionField revision={revision} />
          <input type="hidden" name="intent" value={intent} />
          <p>{t(retired ? "retire.restoreText" : "retire.text")}</p>
          <p className="muted">{t("retire.draftNote")}</p>
          <p className="actions">
            <SubmitButton pendingLabel={t("retire.pending")}>
              {t(retired ? "retire.restoreConfirm" : "retire.confirm")}
            </SubmitButton>
            <ButtonLink to={`/author/trainings/${slug}`} tone="ghost">
              {t("retire.cancel")}
            </ButtonLink>
          </p>
        </Form>
      )}
    </section>
  );
}
