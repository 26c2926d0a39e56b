import { redirect } from "@remix-run/node";
import { localDay } from "~/.server/calendar/time-zones.server";
import { attendanceSchema, markAttendance } from "~/.server/coaching/agenda/attendance.server";
import type { Coach } from "~/.server/coaching/booking-records.server";
import { agendaCancelSchema, cancelFromAgenda, renewAgendaLink } from "~/.server/coaching/agenda/coach-agenda.server";
import { auditSessionChange, auditTimeOff } from "~/.server/coaching/agenda/coach-audit.server";
import { addTimeOff, removeTimeOff, timeOffSchema } from "~/.server/coaching/agenda/coach-time-off.server";
import { attendanceRefusals, bookingRefusals } from "~/.server/coaching/contract.server";
import { intentOf, refuse, refuseUnknownIntent, refuseWith, replyOf } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { parseWithZod } from "~/forms/submission";

/**
 * The agenda's posts, behind either door (see agenda-page.server.ts): cancel a session (with a
 * reason), add or remove time off, renew the private link. `base` is the page's path; `actorId`
 * the signed-in coach's member id (null through the private link), written to the audit log;
 * `clientIp` the caller's address, for the renewal's quota.
 */
type Post = {
  request: Request;
  coach: Coach;
  formData: FormData;
  base: string;
  actorId: string | null;
  clientIp: string;
};

async function cancel({ request, coach, formData, base, actorId }: Post) {
  const submission = parseWithZod(formData, { schema: agendaCancelSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const outcome = await cancelFromAgenda(
    coach,
    submission.value.booking,
    submission.value.reason,
    auditSessionChange(actorId, "coach.session.cancelled", coach),
  );
  if (outcome.ok) return redirect(`${base}?cancelled#upcoming`, 303);
  if (outcome.error === "notFound") notFound(request);
  return refuseWith(submission, bookingRefusals[outcome.error === "notChangeable" ? "notChangeable" : "notFound"]);
}

/** A started session marked attended or missed. */
async function attendance({ request, coach, formData, base }: Post) {
  const submission = parseWithZod(formData, { schema: attendanceSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const outcome = await markAttendance(coach, submission.value.booking, submission.value.attendance);
  if (outcome.ok) return redirect(`${base}?marked#past`, 303);
  if (outcome.error === "notFound") notFound(request);
  return refuseWith(submission, attendanceRefusals[outcome.error]);
}

async function timeOff({ coach, formData, base, actorId }: Post) {
  const now = new Date();
  const submission = parseWithZod(formData, { schema: timeOffSchema(localDay(now, coach.timeZone)) });
  if (submission.status !== "success") return refuse(submission.reply());
  const cancelled = await addTimeOff(coach, submission.value, now, auditTimeOff(actorId, coach, "coach.timeOff.added"));
  return redirect(`${base}?timeOff=${cancelled}#time-off`, 303);
}

async function removeTimeOffDays({ request, coach, formData, base, actorId }: Post) {
  const id = String(formData.get("id") ?? "");
  if (!(await removeTimeOff(coach, id, auditTimeOff(actorId, coach, "coach.timeOff.removed")))) notFound(request);
  return redirect(`${base}?removed#time-off`, 303);
}

async function renew({ coach, base, actorId, clientIp }: Post) {
  if (!(await renewAgendaLink(coach, clientIp))) {
    // Over the page, like any refusal of the agenda as a whole; the last link mailed still works.
    return refuse(
      replyOf({ values: { intent: "renew" }, fieldErrors: {}, formErrors: ["agenda.errors.tooManyRenewals"] }),
      429,
    );
  }
  // The new link goes to the coach's address only; this one (through the link) no longer works.
  return redirect(actorId ? `${base}?renewed#feed` : "/coach/link-renewed", 303);
}

const intents = { cancel, attendance, timeOff, removeTimeOff: removeTimeOffDays, renew };

/** Answers the post's intent; an unknown one is refused with a message over the page. */
export function answerAgendaPost(post: Post) {
  const intent = intentOf(post.formData, Object.keys(intents) as (keyof typeof intents)[]);
  return intent ? intents[intent](post) : refuseUnknownIntent();
}
