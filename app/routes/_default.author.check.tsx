import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { requireAuthor } from "~/.server/auth/role-guard.server";
import { titleOnly } from "~/.server/http/title-only.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { checkTrainingFile } from "~/.server/trainings/file-check.server";
import { ProblemList } from "~/routes/_default.author/draft-form";
import { TrainingFileField } from "~/routes/_default.author/import-form";
import { titleMeta } from "~/components/document/page-title";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/**
 * /author/check — "Check a file": a training's JSON file, read after the guard and checked as an
 * import would, then forgotten. The body stays within the door's 64 KB for any form
 * (request-screen.server.ts, twice today's largest file): a larger one gets the door's translated
 * 413 before any of it is read here.
 */
export const loader = ({ request }: LoaderFunctionArgs) => titleOnly(request, requireAuthor, "author", "check.title");

export async function action({ request }: ActionFunctionArgs) {
  await requireAuthor(request);
  const lang = await localeOf(request);
  const file = await fileOf(request);
  if (!file) {
    const t = await translator(lang, "author");
    return data({ ok: false as const, errors: [{ path: "", message: t("check.noFile") }] }, { status: 400 });
  }
  const check = checkTrainingFile(new Uint8Array(await file.arrayBuffer()), lang);
  if (!check.ok) return data(check, { status: 422 });
  return { ...check, title: check.title[lang] };
}

/** The posted file, or null when the form carries none (or is no form at all). */
async function fileOf(request: Request): Promise<File | null> {
  try {
    const file = (await request.formData()).get("file");
    return file instanceof File && file.size > 0 ? file : null;
  } catch {
    return null;
  }
}

export default function AuthorCheck() {
  const check = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation("author");
  return (
    <>
      <h1>{t("check.title")}</h1>
      <p className="lead">{t("check.lead")}</p>
      <p>{t("check.nothingStored")}</p>
      <Form method="post" encType="multipart/form-data" className="card author-check">
        <TrainingFileField label={t("check.file")} hint={t("check.limit")} errorId={null} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("check.submit")}
        </button>
      </Form>
      {check?.ok === true ? (
        <p role="status" className="alert alert--success">
          {t("check.valid", {
            title: check.title,
            modules: t("trainings.modules", { count: check.modules }),
            parts: t("trainings.parts", { count: check.parts }),
            questions: t("check.questions", { count: check.questions }),
          })}
        </p>
      ) : null}
      {check?.ok === false ? (
        <section role="alert" className="alert alert--error">
          <p>{t("check.invalid", { count: check.errors.length })}</p>
          <ProblemList problems={check.errors} />
        </section>
      ) : null}
    </>
  );
}
