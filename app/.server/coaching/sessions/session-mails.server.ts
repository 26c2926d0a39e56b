import type { Transaction } from "~/.server/db/client.server";
import { type MailNotification, queueMail, withdrawMail } from "~/.server/mail/outbox.server";
import { coachingMail, type CoachingMailKind, type CoachingMailVars } from "./mail-templates.server";
import { changeDeadline, isInsideNotice } from "../booking/change-notice.server";
import type { Language } from "~/i18n/config";
import { agendaPath, coachLanguage } from "../agenda/agenda-link.server";
import type { Booker, Booking, CancelReason, Coach } from "../booking-records.server";
import { cancellationIcs, icsContentType, invitationIcs } from "./ics.server";
import { sessionEvent } from "./session-calendar.server";
import { DAY_MS } from "~/.server/calendar/days.server";
import { unsubscribePath } from "~/.server/mail/unsubscribe-links.server";

/**
 * The emails a session's change causes, queued in the caller's transaction: the news to the
 * member and to the coach, each in their own language and time zone with an .ics, and the
 * reminders 24 hours before (sent by the outbox when due). Returns the new reminders' ids.
 */
const REMINDER_BEFORE_MS = DAY_MS;

type Change = {
  booking: Booking;
  previous?: Booking;
  coach: Coach;
  member: Booker;
  coachToken: string | null;
  /** A coach's cancellation: why, for the member. */
  reason?: CancelReason | null;
  /** A move: who made it (the coach's: the member reads they may refuse by cancelling). */
  movedBy?: "member" | "coach";
};

export async function sessionMails(
  tx: Transaction,
  kind: Exclude<CoachingMailKind, "reminder">,
  change: Change,
  now: Date,
): Promise<string[]> {
  const { booking, previous, coach, member } = change;
  for (const id of previous?.reminderMailIds ?? []) await withdrawMail(tx, id);

  const memberName = `${member.firstname} ${member.lastname}`.trim();
  const coachLang = coachLanguage(coach);
  const event = (timeZone: string, lang: Language) => sessionEvent(booking, coach, member, timeZone, lang, now);
  const ics = (timeZone: string, lang: Language) =>
    kind === "cancelled"
      ? [
          {
            filename: "cancel.ics",
            contentType: icsContentType.cancel,
            content: cancellationIcs(event(timeZone, lang)),
          },
        ]
      : [
          {
            filename: "invite.ics",
            contentType: icsContentType.request,
            content: invitationIcs(event(timeZone, lang)),
          },
        ];

  const when = (session: Booking) => ({
    startsAt: session.startsAt.toISOString(),
    endsAt: session.endsAt.toISOString(),
  });
  // What the member may still do themselves when the mail is read: its page says the same then.
  const stillChangeable = (at: Date): CoachingMailVars["change"] =>
    isInsideNotice(booking, coach, at)
      ? { insideNotice: { hours: coach.changeNoticeHours, email: coach.email } }
      : { until: changeDeadline(booking.startsAt, coach).toISOString() };
  const forMember = (mailKind: CoachingMailKind, notification?: MailNotification, at = now) =>
    coachingMail(member.lang, member.email, {
      kind: mailKind,
      audience: "member",
      firstname: member.firstname,
      withName: coach.name,
      ...when(booking),
      previous: mailKind === "rescheduled" && previous ? when(previous) : undefined,
      movedBy: mailKind === "rescheduled" ? change.movedBy : undefined,
      timeZone: booking.timeZone,
      readerZone: member.timeZone,
      change: stillChangeable(at),
      meetingUrl: booking.meetingUrl,
      manageLink: `/coaching/sessions/${booking.id}`,
      bookLink: "/coaching",
      cancelledBy: booking.cancelledBy,
      reason: change.reason?.text ?? null,
      timeOff: change.reason?.timeOff ?? false,
      retired: change.reason?.retired ?? false,
      notification,
    });
  const forCoach = (mailKind: CoachingMailKind) =>
    coachingMail(coachLang, coach.email, {
      kind: mailKind,
      audience: "coach",
      firstname: coach.name.split(" ")[0],
      withName: memberName,
      ...when(booking),
      previous: mailKind === "rescheduled" && previous ? when(previous) : undefined,
      movedBy: mailKind === "rescheduled" ? change.movedBy : undefined,
      timeZone: coach.timeZone,
      meetingUrl: booking.meetingUrl,
      manageLink: change.coachToken ? `/coach/session/${change.coachToken}` : "/",
      bookLink: "/",
      agendaLink: agendaPath(coach),
    });

  await queueMail(tx, { ...forMember(kind), attachments: ics(booking.timeZone, member.lang) });
  await queueMail(tx, { ...forCoach(kind), attachments: ics(coach.timeZone, coachLang) });

  const remindAt = new Date(booking.startsAt.getTime() - REMINDER_BEFORE_MS);
  if (kind === "cancelled" || remindAt <= now) return [];
  // The member's reminder is a notification: dropped if they switched session reminders off by then.
  const reminderNotification = {
    memberId: member.id,
    kind: "sessionReminders",
    unsubscribe: unsubscribePath(member.id, "sessionReminders"),
  };
  return [
    await queueMail(tx, forMember("reminder", reminderNotification, remindAt), { sendAt: remindAt }),
    await queueMail(tx, forCoach("reminder"), { sendAt: remindAt }),
  ];
}
