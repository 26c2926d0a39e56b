import { Form, useNavigation } from "@remix-run/react";
import { RevisionField } from "~/components/author/draft-form";
import { useTranslation } from "~/i18n/react";

type Refusal = {
  ok: false;
  message: string;
  values?: Record<string, string>;
  problems: { path: string; message: string }[];
};

/**
 * A training's file to import (issue 26 item 7): the file, and for a draft the revision it was read
 * at. A refusal says why, with the path of each mistake of the file; nothing was changed.
 */
export function ImportForm({ refusal, revision }: { refusal: Refusal | undefined; revision?: number }) {
  const { t } = useTranslation("author");
  const busy = useNavigation().state === "submitting";
  return (
    <>
      {refusal ? (
        <section role="alert" className="alert alert--error" id="import-error">
          <p>{t(refusal.message, refusal.values)}</p>
          {refusal.message === "errors.stale" ? (
            <p>
              <a href="?">{t("errors.reload")}</a>
            </p>
          ) : null}
          {refusal.problems.length ? (
            <ul>
              {refusal.problems.map((problem, index) => (
                // Two mistakes may share a path (a file's root): the index keeps them apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered.
                <li key={index}>
                  <code>{problem.path || t("check.root")}</code> — {problem.message}
                </li>
              ))}
            </ul>
          ) : null}
          <p>{t("import.nothingChanged")}</p>
        </section>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="card author-check">
        {revision === undefined ? null : <RevisionField revision={revision} />}
        <div className="field">
          <label htmlFor="file">{t("import.file")}</label>
          <input
            id="file"
            name="file"
            type="file"
            accept="application/json,.json"
            required
            aria-describedby={refusal ? "file-limit import-error" : "file-limit"}
          />
          <p id="file-limit" className="field__hint">
            {t("import.limit")}
          </p>
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t(revision === undefined ? "import.submitNew" : "import.submit")}
        </button>
      </Form>
    </>
  );
}
