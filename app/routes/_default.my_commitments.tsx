import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { refuse, refuseWith } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import {
  addCommitment,
  moduleExists,
  commitmentOf,
  commitmentsPage,
  deleteCommitment,
  setCommitmentDone,
  updateCommitment,
} from "~/.server/space/commitments.server";
import { pageParam } from "~/.server/paging/paging.server";
import { commitmentRefusals } from "~/.server/space/contract.server";
import { parseCommitment } from "~/.server/space/forms.server";
import { today } from "~/.server/space/overview.server";
import { trainingsOf } from "~/.server/trainings/catalogue.server";
import { Field, SubmitButton } from "~/components/form";
import { titleMeta } from "~/components/page-title";
import { Pagination } from "~/components/pagination";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/**
 * /my_commitments: create, edit (?edit=<id>), mark done, delete after a confirmation
 * (?delete=<id>), each optionally tied to a training module.
 */
const COMMITMENTS_PAGE_SIZE = 10;

/** The list at the page the member was on (the forms post to the page's own URL, ?page included). */
function listPath(request: Request, page = pageParam(new URL(request.url))) {
  return page > 1 ? `/my_commitments?page=${page}` : "/my_commitments";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const lang = await localeOf(request);
  const t = await translator(lang, "space");
  const url = new URL(request.url);
  const query = url.searchParams;
  const [{ items: rows, page }, catalogue] = await Promise.all([
    commitmentsPage(member.id, { page: pageParam(url), limit: COMMITMENTS_PAGE_SIZE }),
    trainingsOf(member.id, { archived: false }),
  ]);
  const modules = catalogue
    .filter((training) => training.content.kind === "training" && training.unlocked)
    .flatMap((training) =>
      training.modules.map((m) => ({ id: m.id, label: `${training.content.title[lang]} — ${m.content.title[lang]}` })),
    );
  const dateFormat = new Intl.DateTimeFormat(lang, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const commitments = rows.map((row) => ({
    id: row.id,
    title: row.title,
    dueDate: row.dueDate,
    due: row.dueDate ? dateFormat.format(new Date(`${row.dueDate}T00:00:00Z`)) : null,
    done: row.doneAt !== null,
    // Late from the day after its due date where the member lives.
    overdue: row.doneAt === null && row.dueDate !== null && row.dueDate < today(member.time_zone),
    moduleId: row.moduleId,
    module: modules.find((m) => m.id === row.moduleId)?.label ?? null,
  }));
  const editing = query.get("edit");
  const deleting = query.get("delete");
  if (
    (editing && !(await commitmentOf(member.id, editing))) ||
    (deleting && !(await commitmentOf(member.id, deleting)))
  )
    notFound(request);
  return {
    title: t("commitments.title"),
    commitments,
    modules,
    editing,
    deleting,
    page: { page: page.page, pages: page.pages },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const id = String(formData.get("id") ?? "");

  if (intent === "done" || intent === "undone") {
    if (!(await setCommitmentDone(member.id, id, intent === "done"))) notFound(request);
    return redirect(`${listPath(request)}#commitment-${id}`, 303);
  }
  if (intent === "delete") {
    if (!(await deleteCommitment(member.id, id))) notFound(request);
    return redirect(listPath(request), 303);
  }
  const submission = parseCommitment(formData);
  if (submission.status !== "success") return refuse(submission.reply());
  const input = {
    title: submission.value.title,
    dueDate: submission.value.dueDate ?? null,
    moduleId: submission.value.moduleId ?? null,
  };
  if (input.moduleId && !(await moduleExists(input.moduleId))) {
    return refuseWith(submission, commitmentRefusals.moduleInvalid);
  }
  if (intent === "update") {
    if (!(await updateCommitment(member.id, id, input))) notFound(request);
    return redirect(`${listPath(request)}#commitment-${id}`, 303);
  }
  await addCommitment(member.id, input);
  return redirect("/my_commitments", 303);
}

/** The list at a page, with ?edit= or ?delete= when asked. */
function listHref(page: number, extra: Record<string, string> = {}) {
  const query = new URLSearchParams(page > 1 ? { page: String(page), ...extra } : extra);
  return query.size ? `/my_commitments?${query}` : "/my_commitments";
}

type Values = { title?: string; dueDate?: string | null; moduleId?: string | null };

function CommitmentFields({
  values,
  errors,
  modules,
  idPrefix,
}: {
  values: Values;
  errors?: Record<string, string[] | null>;
  modules: { id: string; label: string }[];
  idPrefix: string;
}) {
  const { t } = useTranslation("space");
  return (
    <>
      <Field
        label={t("commitments.field")}
        htmlFor={`${idPrefix}-title`}
        errors={errors?.title ?? undefined}
        errorId={`${idPrefix}-title-error`}
        ns="space"
      >
        <input id={`${idPrefix}-title`} name="title" required maxLength={200} defaultValue={values.title ?? ""} />
      </Field>
      <Field
        label={t("commitments.due")}
        htmlFor={`${idPrefix}-due`}
        errors={errors?.dueDate ?? undefined}
        errorId={`${idPrefix}-due-error`}
        ns="space"
      >
        <input id={`${idPrefix}-due`} name="dueDate" type="date" defaultValue={values.dueDate ?? ""} />
      </Field>
      <Field
        label={t("commitments.module")}
        htmlFor={`${idPrefix}-module`}
        errors={errors?.moduleId ?? undefined}
        errorId={`${idPrefix}-module-error`}
        ns="space"
      >
        <select id={`${idPrefix}-module`} name="moduleId" defaultValue={values.moduleId ?? ""}>
          <option value="">{t("commitments.noModule")}</option>
          {modules.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}

export default function MyCommitments() {
  const { commitments, modules, editing, deleting, page } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { t } = useTranslation("space");
  const typed = (refused?.initialValue ?? {}) as Values;
  return (
    <>
      <header className="page-header">
        <h1>{t("commitments.title")}</h1>
        <p className="lead">{t("commitments.lead")}</p>
      </header>
      {commitments.length === 0 ? <p className="card">{t("commitments.empty")}</p> : null}
      <ul className="commitment-list">
        {commitments.map((c) => (
          <li
            key={c.id}
            id={`commitment-${c.id}`}
            className={c.done ? "card commitment commitment--done" : "card commitment"}
          >
            {editing === c.id ? (
              <Form method="post" className="form">
                <input type="hidden" name="intent" value="update" />
                <input type="hidden" name="id" value={c.id} />
                <CommitmentFields
                  values={refused ? typed : c}
                  errors={refused?.error ?? undefined}
                  modules={modules}
                  idPrefix={`edit-${c.id}`}
                />
                <div className="actions">
                  <SubmitButton pendingLabel={t("saving")} className="button button--primary">
                    {t("commitments.save")}
                  </SubmitButton>
                  <Link to={listHref(page.page)}>{t("cancel")}</Link>
                </div>
              </Form>
            ) : (
              <>
                <h2 className="commitment__title">{c.title}</h2>
                <ul className="tags">
                  <li className={c.done ? "tag tag--done" : "tag"}>
                    {c.done ? t("commitments.doneTag") : t("commitments.openTag")}
                  </li>
                  {c.due ? <li className="tag">{t("commitments.dueOn", { date: c.due })}</li> : null}
                  {c.overdue ? <li className="tag tag--late">{t("commitments.overdue")}</li> : null}
                  {c.module ? <li className="tag">{c.module}</li> : null}
                </ul>
                {deleting === c.id ? (
                  <Form method="post" className="confirm" role="alertdialog" aria-labelledby={`confirm-${c.id}`}>
                    <p id={`confirm-${c.id}`}>{t("commitments.confirmDelete")}</p>
                    <input type="hidden" name="id" value={c.id} />
                    <div className="actions">
                      <SubmitButton
                        name="intent"
                        value="delete"
                        pendingLabel={t("saving")}
                        className="button button--danger"
                      >
                        {t("commitments.delete")}
                      </SubmitButton>
                      <Link to={listHref(page.page)}>{t("cancel")}</Link>
                    </div>
                  </Form>
                ) : (
                  <Form method="post" className="actions" preventScrollReset>
                    <input type="hidden" name="id" value={c.id} />
                    <SubmitButton
                      name="intent"
                      value={c.done ? "undone" : "done"}
                      pendingLabel={t("saving")}
                      className="button button--ghost"
                    >
                      {c.done ? t("commitments.reopen") : t("commitments.markDone")}
                      <span className="visually-hidden"> : {c.title}</span>
                    </SubmitButton>
                    <Link to={`${listHref(page.page, { edit: c.id })}#commitment-${c.id}`}>
                      {t("commitments.edit")}
                      <span className="visually-hidden"> : {c.title}</span>
                    </Link>
                    <Link to={`${listHref(page.page, { delete: c.id })}#commitment-${c.id}`}>
                      {t("commitments.delete")}
                      <span className="visually-hidden"> : {c.title}</span>
                    </Link>
                  </Form>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      <Pagination {...page} label={t("commitments.title")} />
      <section className="card" aria-labelledby="new-commitment">
        <h2 id="new-commitment">{t("commitments.new")}</h2>
        <Form method="post" className="form">
          <input type="hidden" name="intent" value="create" />
          <CommitmentFields
            values={refused && !editing ? typed : {}}
            errors={!editing ? (refused?.error ?? undefined) : undefined}
            modules={modules}
            idPrefix="new"
          />
          <SubmitButton pendingLabel={t("saving")} className="button button--primary">
            {t("commitments.add")}
          </SubmitButton>
        </Form>
      </section>
    </>
  );
}
