import { dateFormat } from "~/.server/calendar/date-formats.server";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { intentOf, refuse, refuseUnknownIntent, refuseWith } from "~/.server/http/form-reply.server";
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
import { SubmitButton } from "~/components/form/form";
import { titleMeta } from "~/components/document/page-title";
import { Pagination } from "~/components/presentational/pagination";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { useTranslation } from "~/i18n/react";
import { CommitmentForm } from "./commitment-form";
import { CommitmentItem } from "./commitment-item";

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
  const intent = intentOf(formData, ["create", "update", "done", "undone", "delete"]);
  if (!intent) return refuseUnknownIntent();
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

export default function MyCommitments() {
  const { commitments, modules, editing, deleting, page } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("space");
  return (
    <>
      <header className="page-header">
        <h1>{t("commitments.title")}</h1>
        <p className="lead">{t("commitments.lead")}</p>
      </header>
      <UnknownIntentAlert reply={reply} />
      {commitments.length === 0 ? <p className="card">{t("commitments.empty")}</p> : null}
      <ul className="commitment-list">
        {commitments.map((c) => (
          <li
            key={c.id}
            id={`commitment-${c.id}`}
            className={c.done ? "card commitment commitment--done" : "card commitment"}
          >
            <CommitmentItem
              commitment={c}
              modules={modules}
              editing={editing === c.id}
              deleting={deleting === c.id}
              page={page.page}
            />
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
