import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireAuthor } from "~/.server/auth/role-guard.server";
import { publishCheck, publishDraft, publishSchema, summaryWords } from "~/.server/authoring/publish.server";
import { refuse, refuseWith } from "~/.server/http/form-reply.server";
import { translator } from "~/.server/i18n/i18n.server";
import { DraftAlerts, RevisionField } from "~/routes/_default.author/draft-form";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert, SubmitButton } from "~/components/form/form";
import { formProps, useFormReply } from "~/components/form/form-reply";
import { parseWithZod } from "~/forms/submission";
import { useTranslation } from "~/i18n/react";
import { publishRefusals } from "~/.server/authoring/contract.server";
import { draftPage } from "~/routes/_default.author/draft-page.server";

export const meta = titleMeta;

/**
 * /author/trainings/<slug>/publish: the draft checked as members would get it (everything a
 * training needs, in both languages), what publishing would change, and one button that makes the
 * whole training's new version live at once for every member.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { draft, lang } = await draftPage(request, params.slug);
  const t = await translator(lang, "author");
  const check = await publishCheck(draft, lang, t);
  const published = new URL(request.url).searchParams.get("published");
  return {
    title: `${t("publish.title")} — ${draft.content.title[lang] || draft.slug}`,
    revision: draft.revision,
    complete: check.complete,
    missing: check.missing,
    changes: summaryWords(check.summary, t),
    firstPublish: check.firstPublish,
    unchanged: check.unchanged,
    live: draft.published?.number ?? null,
    justPublished: published !== null && /^\d{1,9}$/.test(published) ? Number(published) : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireAuthor(request);
  const slug = params.slug ?? "";
  const submission = parseWithZod(await request.formData(), { schema: publishSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const outcome = await publishDraft(slug, { revision: submission.value.revision, authorId: member.id });
  if (!outcome.ok) return refuseWith(submission, publishRefusals[outcome.error]);
  throw redirect(`/author/trainings/${slug}/publish?published=${outcome.number}`, 303);
}

export default function PublishPage() {
  const { revision, complete, missing, changes, firstPublish, unchanged, live, justPublished } =
    useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("author");
  const [form] = useFormReply(reply, { id: "publish" });
  return (
    <>
      <DraftAlerts form={form} reply={reply} />
      {justPublished !== null && !form.errors ? (
        <FormAlert tone="success" lines={[t("publish.done", { number: justPublished })]} />
      ) : null}
      <section className="card" aria-labelledby="publish-check">
        {/* Just published, or nothing changed since: the draft is the live version, not one to publish. */}
        <h2 id="publish-check">{t(unchanged ? "publish.liveTitle" : "publish.checkTitle")}</h2>
        {complete ? (
          <p>{unchanged ? t("publish.completeLive", { number: live ?? 0 }) : t("publish.complete")}</p>
        ) : (
          <>
            <p>{t("publish.missingLead", { count: missing.length })}</p>
            <ul className="author-missing">
              {missing.map((item) => (
                <li key={`${item.path} ${item.message}`}>
                  <strong>{item.where}</strong> — {item.message}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section className="card" aria-labelledby="publish-changes">
        <h2 id="publish-changes">{t("publish.changesTitle")}</h2>
        {firstPublish ? (
          <p>{t("publish.first")}</p>
        ) : unchanged ? (
          <p>{t("publish.unchanged", { number: live ?? 0 })}</p>
        ) : changes.length ? (
          <ul>
            {changes.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p>{t("publish.smallChanges")}</p>
        )}
      </section>
      {complete && !unchanged ? (
        <Form method="post" className="card author-form" {...formProps(form)}>
          <h2>{t("publish.formTitle")}</h2>
          <p>{firstPublish ? t("publish.firstLead") : t("publish.lead", { number: (live ?? 0) + 1 })}</p>
          <RevisionField revision={revision} />
          <SubmitButton pendingLabel={t("publish.publishing")}>{t("publish.submit")}</SubmitButton>
        </Form>
      ) : null}
    </>
  );
}
