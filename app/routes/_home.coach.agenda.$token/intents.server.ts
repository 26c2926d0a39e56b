import { redirect } from "@remix-run/node";
import { agendaPath } from "~/.server/coaching/agenda-link.server";
import type { Coach } from "~/.server/coaching/bookings.server";
import { cancelFromAgenda, parseAgendaCancel, renewAgendaLink } from "~/.server/coaching/coach-agenda.server";
import { addTimeOff, parseTimeOff, removeTimeOff } from "~/.server/coaching/coach-time-off.server";
import { bookingRefusals } from "~/.server/coaching/contract.server";
import { intentOf, refuse, refuseUnknownIntent, refuseWith } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";

/** The agenda's posts: cancel a session (with a reason), add or remove time off, renew the link. */
type Post = { request: Request; coach: Coach; formData: FormData };

async function cancel({ request, coach, formData }: Post) {
  const submission = parseAgendaCancel(formData);
  if (submission.status !== "success") return refuse(submission.reply());
  const outcome = await cancelFromAgenda(coach, submission.value.booking, submission.value.reason);
  if (outcome.ok) return redirect(`${agendaPath(coach)}?cancelled#upcoming`, 303);
  if (outcome.error === "notFound") notFound(request);
  return refuseWith(submission, bookingRefusals[outcome.error === "notChangeable" ? "notChangeable" : "notFound"]);
}

async function timeOff({ coach, formData }: Post) {
  const submission = parseTimeOff(formData, coach);
  if (submission.status !== "success") return refuse(submission.reply());
  const cancelled = await addTimeOff(coach, submission.value);
  return redirect(`${agendaPath(coach)}?timeOff=${cancelled}#time-off`, 303);
}

async function removeTimeOffDays({ request, coach, formData }: Post) {
  if (!(await removeTimeOff(coach, String(formData.get("id") ?? "")))) notFound(request);
  return redirect(`${agendaPath(coach)}?removed#time-off`, 303);
}

async function renew({ coach }: Post) {
  await renewAgendaLink(coach);
  // The new link goes to the coach's address only; this one no longer works.
  return redirect("/coach/agenda?renewed", 303);
}

const intents = { cancel, timeOff, removeTimeOff: removeTimeOffDays, renew };

/** Answers the post's intent; an unknown one is refused with a message over the page. */
export function answerAgendaPost(post: Post) {
  const intent = intentOf(post.formData, Object.keys(intents) as (keyof typeof intents)[]);
  return intent ? intents[intent](post) : refuseUnknownIntent();
}
