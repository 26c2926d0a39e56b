import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAuthor } from "~/.server/auth/role-guard.server";
import { answerImportRefusal, importPostOf, refuseImport } from "~/routes/_default.author/import-post.server";
import { importIntoDraft } from "~/.server/authoring/training-import.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { ImportForm } from "~/routes/_default.author/import-form";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert } from "~/components/form/form";
import { useTranslation } from "~/i18n/react";
import { draftPage } from "~/routes/_default.author/draft-page.server";

export const meta = titleMeta;

/**
 * /author/trainings/<slug>/import: this training's file (the repository's format) replaces its
 * draft, checked as the seed checks files; a broken file, another training's file, or a draft saved
 * since the page was read is refused, and nothing changes. Members see it once it is published.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { draft } = await draftPage(request, params.slug);
  const t = await translator(request, "author");
  return {
    title: t("import.title"),
    slug: draft.slug,
    revision: draft.revision,
    imported: new URL(request.url).searchParams.get("imported") === "1",
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireAuthor(request);
  const slug = params.slug ?? "";
  const post = await importPostOf(request);
  if (post.revision === null) return refuseImport(400, "import.errors.noRevision");
  if (!post.file) return refuseImport(400, "import.errors.noFile");
  const outcome = await importIntoDraft(slug, post.file, {
    revision: post.revision,
    authorId: member.id,
    lang: await localeOf(request),
  });
  if (!outcome.ok) return answerImportRefusal(outcome, slug);
  return redirect(`/author/trainings/${slug}/import?imported=1`, 303);
}

export default function ImportIntoDraft() {
  const { slug, revision, imported } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const { t } = useTranslation("author");
  return (
    <section>
      <h2>{t("import.title")}</h2>
      <p>{t("import.lead", { slug })}</p>
      {imported && !refusal ? <FormAlert tone="success" lines={[t("import.done")]} /> : null}
      <ImportForm refusal={refusal} revision={revision} />
      <p>
        {/* A file to save, not a page: the browser downloads it (Content-Disposition). */}
        <a href={`/author/trainings/${slug}/draft.json`} download className="button button--ghost">
          {t("import.exportDraft")}
        </a>
      </p>
    </section>
  );
}
