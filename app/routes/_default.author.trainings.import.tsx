import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { requireAuthor } from "~/.server/auth/role-guard.server";
import { titleOnly } from "~/.server/http/title-only.server";
import { answerImportRefusal, importPostOf, refuseImport } from "~/routes/_default.author/import-post.server";
import { importNewTraining } from "~/.server/authoring/training-import.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { ImportForm } from "~/routes/_default.author/import-form";
import { titleMeta } from "~/components/document/page-title";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/**
 * /author/trainings/import: a new training's draft from its file (the repository's format), under
 * the file's own slug, which must be free. A broken file is refused with the path of each mistake.
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  titleOnly(request, requireAuthor, "author", "import.newTitle");

export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireAuthor(request);
  const post = await importPostOf(request);
  if (!post.file) return refuseImport(400, "import.errors.noFile");
  const outcome = await importNewTraining(post.file, { authorId: member.id, lang: await localeOf(request) });
  if (!outcome.ok) return answerImportRefusal(outcome);
  return redirect(`/author/trainings/${outcome.slug}`, 303);
}

export default function ImportNewTraining() {
  const refusal = useActionData<typeof action>();
  const { t } = useTranslation("author");
  return (
    <>
      <p>
        <Link to="/author/trainings">← {t("outline.back")}</Link>
      </p>
      <h1>{t("import.newTitle")}</h1>
      <p className="lead">{t("import.newLead")}</p>
      <ImportForm refusal={refusal} />
    </>
  );
}
