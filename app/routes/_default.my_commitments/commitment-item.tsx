import { Form, Link } from "@remix-run/react";
import { SubmitButton, IntentButton } from "~/components/form/form";
import { useTranslation } from "~/i18n/react";
import { CommitmentForm, type Saved } from "./commitment-form";
import { listHref } from "./list-href";
import { Occurrences, type WeekView } from "./occurrences";

export type CommitmentView = {
  id: string;
  title: string;
  due: string | null;
  done: boolean;
  overdue: boolean;
  module: string | null;
  /** What the edit form starts from. */
  saved: Saved;
  /** "Every week: Monday, Thursday", for a recurring one. */
  rhythm: string | null;
  /** A recurring one's last week and this week, day by day. */
  weeks: WeekView[] | null;
};

/** One commitment: its edit form (?edit=), or its tags with done/edit/delete (and ?delete='s confirmation). */
export function CommitmentItem({
  commitment: c,
  modules,
  weekdayNames,
  editing,
  deleting,
  page,
}: {
  commitment: CommitmentView;
  modules: { id: string; label: string }[];
  weekdayNames: string[];
  editing: boolean;
  deleting: boolean;
  page: number;
}) {
  const { t } = useTranslation("space");
  return editing ? (
    <CommitmentForm
      id="commitment-edit"
      intent="update"
      commitmentId={c.id}
      saved={c.saved}
      modules={modules}
      weekdayNames={weekdayNames}
    >
      <div className="actions">
        <SubmitButton pendingLabel={t("saving")} className="button button--primary">
          {t("commitments.save")}
        </SubmitButton>
        <Link to={listHref(page)}>{t("cancel")}</Link>
      </div>
    </CommitmentForm>
  ) : (
    <>
      <h2 className="commitment__title">{c.title}</h2>
      <ul className="tags">
        {c.rhythm ? (
          <li className="tag">{c.rhythm}</li>
        ) : (
          <li className={c.done ? "tag tag--done" : "tag"}>
            {c.done ? t("commitments.doneTag") : t("commitments.openTag")}
          </li>
        )}
        {c.due ? <li className="tag">{t("commitments.dueOn", { date: c.due })}</li> : null}
        {c.overdue ? <li className="tag tag--late">{t("commitments.overdue")}</li> : null}
        {c.module ? <li className="tag">{c.module}</li> : null}
      </ul>
      {c.weeks ? <Occurrences commitmentId={c.id} title={c.title} weeks={c.weeks} page={page} /> : null}
      {deleting ? (
        <Form method="post" className="confirm" role="alertdialog" aria-labelledby={`confirm-${c.id}`}>
          <p id={`confirm-${c.id}`}>{t("commitments.confirmDelete")}</p>
          <input type="hidden" name="id" value={c.id} />
          <div className="actions">
            <IntentButton intent="delete" pendingLabel={t("saving")} look="danger">
              {t("commitments.delete")}
            </IntentButton>
            <Link to={listHref(page)}>{t("cancel")}</Link>
          </div>
        </Form>
      ) : (
        <Form method="post" className="actions" preventScrollReset>
          <input type="hidden" name="id" value={c.id} />
          {c.weeks ? null : (
            <IntentButton intent={c.done ? "undone" : "done"} pendingLabel={t("saving")} look="ghost">
              {c.done ? t("commitments.reopen") : t("commitments.markDone")}
              <span className="visually-hidden"> : {c.title}</span>
            </IntentButton>
          )}
          <Link to={`${listHref(page, { edit: c.id })}#commitment-${c.id}`}>
            {t("commitments.edit")}
            <span className="visually-hidden"> : {c.title}</span>
          </Link>
          <Link to={`${listHref(page, { delete: c.id })}#commitment-${c.id}`}>
            {t("commitments.delete")}
            <span className="visually-hidden"> : {c.title}</span>
          </Link>
        </Form>
      )}
    </>
  );
}
