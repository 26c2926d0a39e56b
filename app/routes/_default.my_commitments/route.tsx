import { dateFormat } from "~/.server/calendar/date-formats.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { commitmentOf, commitmentsPage } from "~/.server/space/commitments.server";
import { pageParam } from "~/.server/paging/paging.server";
import { recurringWeeks } from "~/.server/space/commitment-weeks.server";
import { isPaused, mondayOf, repeatOf } from "~/.server/space/recurrence.server";
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
import { answerCommitmentsPost } from "./intents.server";
import { Pauses } from "./pauses";
import { PageHeader } from "~/components/presentational/page-header";

export const meta = titleMeta;

/**
 * /my_commitments: create, edit (?edit=<id>), mark done, delete after a confirmation
 * (?delete=<id>), each optionally tied to a training module. A recurring one (weekly on chosen
 * days, or every N days) is ticked day by day; pauses excuse days; the streak counts weeks kept.
 * Every day is the member's own (their time zone).
 */
const COMMITMENTS_PAGE_SIZE = 10;

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

export function action({ request }: ActionFunctionArgs) {
  return answerCommitmentsPost(request);
}

export default function MyCommitments() {
  const { commitments, modules, weekdayNames, editing, deleting, page, streak, timeZone, recurring, pauses } =
    useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("space");
  return (
    <>
      <PageHeader title={t("commitments.title")} lead={t("commitments.lead")} />
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
