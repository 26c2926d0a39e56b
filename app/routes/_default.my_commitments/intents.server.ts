import { redirect } from "@remix-run/node";
import { addDays } from "~/.server/calendar/days.server";
import { intentOf, refuse, refuseUnknownIntent, refuseWith } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { pageParam } from "~/.server/paging/paging.server";
import { addPause, endPause } from "~/.server/space/commitment-pauses.server";
import { setOccurrenceDone } from "~/.server/space/commitment-weeks.server";
import {
  addCommitment,
  commitmentOf,
  deleteCommitment,
  moduleExists,
  setCommitmentDone,
  updateCommitment,
} from "~/.server/space/commitments.server";
import { commitmentRefusals } from "~/.server/space/contract.server";
import { parseCommitment, parseOccurrence, parsePause } from "~/.server/space/forms.server";
import { today } from "~/.server/space/overview.server";
import { bitsOfWeekdays } from "~/.server/space/recurrence.server";

/** The list at the page the member was on (the forms post to the page's own URL, ?page included). */
function listPath(request: Request, page = pageParam(new URL(request.url))) {
  return page > 1 ? `/my_commitments?page=${page}` : "/my_commitments";
}

/** A recurring commitment may start a month back at most, and a year ahead. */
const STARTS_ON_RANGE = { back: 30, ahead: 365 } as const;

/**
 * POST /my_commitments, one intent per form: create or update (checked, a module that exists, a
 * start in range), done and undone, delete, tick and untick a day, pause and unpause; each answers
 * with the list at the member's page, at the commitment's anchor.
 */
export async function answerCommitmentsPost(request: Request, member: { id: string; time_zone: string }) {
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
    const submission = parseOccurrence(formData);
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
    const submission = parsePause(formData);
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
  const submission = parseCommitment(formData);
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
