import { dateFormat } from "~/.server/calendar/date-formats.server";
import { parseWithZod } from "~/forms/submission";
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
import { occurrenceSchema, pauseSchema, recurringCommitmentSchema } from "~/.server/space/forms.server";
import { addPause, endPause } from "~/.server/space/commitment-pauses.server";
import { recurringWeeks, setOccurrenceDone } from "~/.server/space/commitment-weeks.server";
import { bitsOfWeekdays, isPaused, mondayOf, repeatOf } from "~/.server/space/recurrence.server";
import { addDays } from "~/.server/calendar/days.server";
import { today } from "~/.server/space/overview.server";
import { trainingsOf } from "~/.server/trainings/catalogue.server";
import { SubmitButton } from "~/components/form/form";
import { titleMeta } from "~/components/document/page-title";
import { Pagination } from "~/components/presentational/pagination";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { useTranslation } from "~/i18n/react";
import { CommitmentForm } from "./commitment-form";
import { CommitmentItem } from "./commitment-item";
import { Pauses } from "./pauses";

export const meta = titleMeta;

/**
 * /my_commitments: create, edit (?edit=<id>), mark done, delete after a confirmation
 * (?delete=<id>), each optionally tied to a training module. A recurring one (weekly on chosen
 * days, or every N days) is ticked day by day; pauses excuse days; the streak counts weeks kept.
 * Every day is the member's own (their time zone).
 */
const COMMITMENTS_PAGE_SIZE = 10;

/** The list at the page the member was on (the forms post to the page's own URL, ?page included). */
function listPath(request: Request, page = pageParam(new URL(request.url))) {
  return page > 1 ? `/my_commitments?page=${page}` : "/my_commitments";
}

/** A recurring commitment may start a month back at most, and a year ahead. */
const STARTS_ON_RANGE = { back: 30, ahead: 365 } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const lang = await localeOf(request);
  const t = await translator(lang, "space");
  const url = new URL(request.url);
  const query = url.searchParams;
  const day = today(member.time_zone);
  const [{ items: rows, page }, catalogue, weeks] = await Promise.all([
    commitmentsPage(member.id, { page: pageParam(url), limit: COMMITMENTS_PAGE_SIZE }),
    trainingsOf(member.id, { archived: false }),
    recurringWeeks(member.id, day),
  ]);
  const modules = catalogue
    .filter((training) => training.content.kind === "training" && training.unlocked)
    .flatMap((training) =>
      training.modules.map((m) => ({ id: m.id, label: `${training.content.title[lang]} — ${m.content.title[lang]}` })),
    );
  const dueFormat = dateFormat(lang, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const dayFormat = dateFormat(lang, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
  const inWords = (date: string) => dueFormat.format(new Date(`${date}T00:00:00Z`));
  // 2024-01-01 was a Monday.
  const weekdayNames = [0, 1, 2, 3, 4, 5, 6].map((index) =>
    dateFormat(lang, { weekday: "long", timeZone: "UTC" }).format(
      new Date(`${addDays("2024-01-01", index)}T00:00:00Z`),
    ),
  );
  const commitments = rows.map((row) => {
    const repeat = repeatOf(row);
    const days = weeks.days.get(row.id);
    return {
      id: row.id,
      title: row.title,
      due: row.dueDate ? inWords(row.dueDate) : null,
      done: row.doneAt !== null,
      // Late from the day after its due date where the member lives, unless a pause covers that day.
      overdue:
        row.doneAt === null &&
        row.dueDate !== null &&
        row.dueDate < day &&
        !isPaused(weeks.pauses, row.id, row.dueDate),
      module: modules.find((m) => m.id === row.moduleId)?.label ?? null,
      saved: {
        title: row.title,
        dueDate: row.dueDate ?? "",
        moduleId: row.moduleId ?? "",
        repeat: (repeat?.kind ?? "once") as "once" | "weekly" | "every",
        weekdays: repeat?.kind === "weekly" ? repeat.weekdays.map(String) : [],
        everyDays: repeat?.kind === "every" ? String(repeat.days) : "",
        startsOn: row.startsOn ?? "",
      },
      rhythm: !repeat
        ? null
        : repeat.kind === "weekly"
          ? t("commitments.rhythm.weekly", { days: repeat.weekdays.map((d) => weekdayNames[d - 1]).join(", ") })
          : t("commitments.rhythm.every", { count: repeat.days }),
      weeks: days
        ? (["last", "this"] as const).map((which) => {
            const monday = addDays(mondayOf(day), which === "last" ? -7 : 0);
            return {
              which,
              days: days
                .filter((d) => d.day >= monday && d.day <= addDays(monday, 6))
                .map((d) => ({ ...d, label: dayFormat.format(new Date(`${d.day}T00:00:00Z`)) })),
            };
          })
        : null,
    };
  });
  const editing = query.get("edit");
  const deleting = query.get("delete");
  if (
    (editing && !(await commitmentOf(member.id, editing))) ||
    (deleting && !(await commitmentOf(member.id, deleting)))
  )
    notFound(request);
  const titleOf = new Map(weeks.recurring.map((c) => [c.id, c.title]));
  return {
    title: t("commitments.title"),
    commitments,
    modules,
    weekdayNames,
    editing,
    deleting,
    page: { page: page.page, pages: page.pages },
    streak: weeks.recurring.length ? weeks.streak : null,
    timeZone: member.time_zone,
    recurring: weeks.recurring,
    pauses: weeks.pauses
      .filter((pause) => pause.endsOn >= day)
      .map((pause) => ({
        id: pause.id,
        of: pause.commitmentId ? (titleOf.get(pause.commitmentId) ?? null) : null,
        from: inWords(pause.startsOn),
        until: inWords(pause.endsOn),
        started: pause.startsOn < day,
      })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const formData = await request.formData();
  const intent = intentOf(formData, [
    "create",
    "update",
    "done",
    "undone",
    "delete",
    "tick",
    "untick",
    "pause",
    "unpause",
  ]);
  if (!intent) return refuseUnknownIntent();
  const id = String(formData.get("id") ?? "");
  const day = today(member.time_zone);

  if (intent === "done" || intent === "undone") {
    if (!(await setCommitmentDone(member.id, id, intent === "done"))) notFound(request);
    return redirect(`${listPath(request)}#commitment-${id}`, 303);
  }
  if (intent === "delete") {
    if (!(await deleteCommitment(member.id, id))) notFound(request);
    return redirect(listPath(request), 303);
  }
  if (intent === "tick" || intent === "untick") {
    const submission = parseWithZod(formData, { schema: occurrenceSchema });
    if (submission.status !== "success") return refuse(submission.reply());
    const outcome = await setOccurrenceDone(
      member.id,
      { commitmentId: submission.value.id, day: submission.value.day, done: intent === "tick" },
      day,
    );
    if (!outcome.ok && outcome.error === "notFound") notFound(request);
    if (!outcome.ok) return refuseWith(submission, commitmentRefusals[outcome.error]);
    return redirect(`${listPath(request)}#commitment-${submission.value.id}`, 303);
  }
  if (intent === "pause") {
    const submission = parseWithZod(formData, { schema: pauseSchema });
    if (submission.status !== "success") return refuse(submission.reply());
    const { commitmentId, from, until } = submission.value;
    const outcome = await addPause(
      member.id,
      { commitmentId: commitmentId ?? null, startsOn: from, endsOn: until },
      day,
    );
    if (!outcome.ok && outcome.error === "notFound") notFound(request);
    if (!outcome.ok) return refuseWith(submission, commitmentRefusals[outcome.error]);
    return redirect(`${listPath(request)}#pauses-title`, 303);
  }
  if (intent === "unpause") {
    if (!(await endPause(member.id, id, day))) notFound(request);
    return redirect(`${listPath(request)}#pauses-title`, 303);
  }
  const submission = parseWithZod(formData, { schema: recurringCommitmentSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const { repeat, weekdays, everyDays, startsOn } = submission.value;
  const recurring = repeat !== "once";
  const input = {
    title: submission.value.title,
    dueDate: recurring ? null : (submission.value.dueDate ?? null),
    moduleId: submission.value.moduleId ?? null,
    repeatWeekdays: repeat === "weekly" ? bitsOfWeekdays(weekdays) : null,
    repeatEveryDays: repeat === "every" ? (everyDays ?? null) : null,
    startsOn: recurring ? (startsOn ?? day) : null,
  };
  if (input.moduleId && !(await moduleExists(input.moduleId))) {
    return refuseWith(submission, commitmentRefusals.moduleInvalid);
  }
  const before = intent === "update" ? await commitmentOf(member.id, id) : null;
  if (intent === "update" && !before) notFound(request);
  // A start kept as it was stays valid, however long ago it was.
  const startMoved = input.startsOn !== null && input.startsOn !== before?.startsOn;
  if (
    startMoved &&
    input.startsOn !== null &&
    (input.startsOn < addDays(day, -STARTS_ON_RANGE.back) || input.startsOn > addDays(day, STARTS_ON_RANGE.ahead))
  )
    return refuseWith(submission, commitmentRefusals.startsOnRange);
  if (intent === "update") {
    if (!(await updateCommitment(member.id, id, input))) notFound(request);
    return redirect(`${listPath(request)}#commitment-${id}`, 303);
  }
  await addCommitment(member.id, input);
  return redirect("/my_commitments", 303);
}

export default function MyCommitments() {
  const { commitments, modules, weekdayNames, editing, deleting, page, streak, timeZone, recurring, pauses } =
    useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("space");
  return (
    <>
      <header className="page-header">
        <h1>{t("commitments.title")}</h1>
        <p className="lead">{t("commitments.lead")}</p>
      </header>
      <UnknownIntentAlert reply={reply} />
      {streak === null ? null : (
        <section className="card streak" aria-labelledby="streak-title">
          <h2 id="streak-title">{t("commitments.streak.title", { count: streak })}</h2>
          <p className="muted">{t("commitments.streak.rule", { zone: timeZone })}</p>
        </section>
      )}
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
              weekdayNames={weekdayNames}
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
        <CommitmentForm id="commitment-create" intent="create" modules={modules} weekdayNames={weekdayNames}>
          <SubmitButton pendingLabel={t("saving")} className="button button--primary">
            {t("commitments.add")}
          </SubmitButton>
        </CommitmentForm>
      </section>
      <Pauses pauses={pauses} recurring={recurring} />
    </>
  );
}
