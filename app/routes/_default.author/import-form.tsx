import { Form, useNavigation } from "@remix-run/react";
import { ProblemList, RevisionField } from "./draft-form";
import { useTranslation } from "~/i18n/react";

type Refusal = {
  ok: false;
  message: string;
  values?: Record<string, string>;
  problems: { path: string; message: string }[];
};

/**
 * A training's file to import: the file, and for a draft the revision it was read
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
          {refusal.problems.length ? <ProblemList problems={refusal.problems} /> : null}
          <p>{t("import.nothingChanged")}</p>
        </section>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="card author-check">
        {revision === undefined ? null : <RevisionField revision={revision} />}
        <TrainingFileField
          label={t("import.file")}
          hint={t("import.limit")}
          errorId={refusal ? "import-error" : null}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t(revision === undefined ? "import.submitNew" : "import.submit")}
        </button>
      </Form>
    </>
  );
}

/** The field choosing a training's JSON file, its size limit under it (and the form's error, when `errorId` names one). */
export function TrainingFileField({ label, hint, errorId }: { label: string; hint: string; errorId: string | null }) {
  return (
    <div className="field">
      <label htmlFor="file">{label}</label>
      <input
        id="file"
        name="file"
        type="file"
        accept="application/json,.json"
        required
        aria-describedby={errorId ? `file-limit ${errorId}` : "file-limit"}
      />
      <p id="file-limit" className="field__hint">
        {hint}
      </p>
    </div>
  );
}
