import { dateFormat } from "~/.server/calendar/date-formats.server";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
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
import { Field, FormAlert, SubmitButton } from "~/components/form";
import { fieldProps, formProps, useFormReply } from "~/components/form-reply";
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
  const dueFormat = dateFormat(lang, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const commitments = rows.map((row) => ({
    id: row.id,
    title: row.title,
    dueDate: row.dueDate,
    due: row.dueDate ? dueFormat.format(new Date(`${row.dueDate}T00:00:00Z`)) : null,
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

type Saved = { title: string; dueDate: string; moduleId: string };

/** The create form, or the edit form of one commitment (intent "update", with its id). */
function CommitmentForm({
  id,
  intent,
  commitmentId,
  saved = { title: "", dueDate: "", moduleId: "" },
  modules,
  children,
}: {
  id: string;
  intent: "create" | "update";
  commitmentId?: string;
  saved?: Saved;
  modules: { id: string; label: string }[];
  children: ReactNode;
}) {
  const { t } = useTranslation("space");
  const reply = useActionData<typeof action>();
  const [form, fields] = useFormReply<Saved>(reply, { id, intent, defaultValue: saved });
  return (
    <Form method="post" {...formProps(form)} className="form">
      <FormAlert lines={form.errors?.map((error) => t(error))} />
      <input type="hidden" name="intent" value={intent} />
      {commitmentId ? <input type="hidden" name="id" value={commitmentId} /> : null}
      <Field label={t("commitments.field")} meta={fields.title} ns="space">
        <input {...fieldProps(fields.title, { type: "text" })} required maxLength={200} />
      </Field>
      <Field label={t("commitments.due")} meta={fields.dueDate} ns="space">
        <input {...fieldProps(fields.dueDate, { type: "date" })} />
      </Field>
      <Field label={t("commitments.module")} meta={fields.moduleId} ns="space">
        <select {...fieldProps(fields.moduleId)}>
          <option value="">{t("commitments.noModule")}</option>
          {modules.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </select>
      </Field>
      {children}
    </Form>
  );
}

export default function MyCommitments() {
  const { commitments, modules, editing, deleting, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation("space");
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
              <CommitmentForm
                id="commitment-edit"
                intent="update"
                commitmentId={c.id}
                saved={{ title: c.title, dueDate: c.dueDate ?? "", moduleId: c.moduleId ?? "" }}
                modules={modules}
              >
                <div className="actions">
                  <SubmitButton pendingLabel={t("saving")} className="button button--primary">
                    {t("commitments.save")}
                  </SubmitButton>
                  <Link to={listHref(page.page)}>{t("cancel")}</Link>
                </div>
              </CommitmentForm>
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
        <CommitmentForm id="commitment-create" intent="create" modules={modules}>
          <SubmitButton pendingLabel={t("saving")} className="button button--primary">
            {t("commitments.add")}
          </SubmitButton>
        </CommitmentForm>
      </section>
    </>
  );
}
