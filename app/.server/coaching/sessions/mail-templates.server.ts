import { localTime } from "~/.server/calendar/time-zones.server";
import { sessionDate, sessionInTwoZones, sessionWhen } from "~/.server/calendar/when-words.server";
import type { MailNotification } from "~/.server/mail/outbox.server";
import { type Link, type MailTemplates, renderMail } from "~/.server/mail/templates.server";
import type { Language } from "~/i18n/config";
import type { TFunction } from "~/i18n/translate";

/**
 * Coaching's emails, in the mail floor's layout (their dates in words come from calendar/, which
 * the mail floor does not import); the sender renders them again through coachingMailTemplates.
 */

export type CoachingMailKind = "confirmed" | "rescheduled" | "cancelled" | "reminder";

export type CoachingMailVars = {
  kind: CoachingMailKind;
  audience: "member" | "coach";
  firstname: string;
  withName: string;
  /** The session (and, for a move, where it was), shown in `timeZone`: ISO instants. */
  startsAt: string;
  endsAt: string;
  previous?: { startsAt: string; endsAt: string };
  /** A move: who made it; the coach's tells the member they may refuse it by cancelling. */
  movedBy?: "member" | "coach";
  timeZone: string;
  meetingUrl: string;
  manageLink: Link;
  bookLink: Link;
  /** For a cancellation: who cancelled, so the other one reads it was not them. */
  cancelledBy?: "member" | "coach" | null;
  /** A coach's cancellation: their words to the member, and whether their time off caused it. */
  reason?: string | null;
  timeOff?: boolean;
  /** The coach retired: the member reads it in their language. */
  retired?: boolean;
  /** To the member: their own zone, in which the start is also given when it reads another time. */
  readerZone?: string;
  /**
   * To the member: what they may still do themselves at the mail's moment (its sending, for a
   * reminder): change it until `until` (ISO), or, inside the coach's notice, only write to the coach.
   */
  change?: { until: string } | { insideNotice: { hours: number; email: string } };
  /** To the coach: their private agenda (all sessions, time off, .ics feed). */
  agendaLink?: Link;
  /** The member's reminder: a notification they can switch off (the rest is a booking's news). */
  notification?: MailNotification;
};

/**
 * A discovery session's news, to the member or to the coach: when (in the recipient's time zone),
 * the web-conference link, and the link to reschedule or cancel. The caller attaches the .ics.
 */
export function coachingMail(lang: Language, to: string, vars: CoachingMailVars) {
  const { kind, audience } = vars;
  const key = `coaching.${kind}`;
  const byCoach =
    (kind === "cancelled" && audience === "member" && vars.cancelledBy === "coach") ||
    (kind === "rescheduled" && vars.movedBy === "coach");
  const intro = byCoach ? `${key}.${audience}IntroByCoach` : `${key}.${audience}Intro`;
  const when = sessionWhen(lang, new Date(vars.startsAt), new Date(vars.endsAt), vars.timeZone);
  const alsoAt = vars.readerZone
    ? sessionInTwoZones(lang, new Date(vars.startsAt), vars.timeZone, vars.readerZone)
    : null;
  const previousWhen =
    vars.previous && sessionWhen(lang, new Date(vars.previous.startsAt), new Date(vars.previous.endsAt), vars.timeZone);
  return renderMail({ template: "coaching", vars, lang }, to, (t) => ({
    subject: t(`${key}.subject`, { when, withName: vars.withName }),
    firstname: vars.firstname,
    notification: vars.notification,
    blocks: [
      { paragraph: t(intro, { withName: vars.withName }) },
      ...(previousWhen ? [{ paragraph: t("coaching.previousWhen", { when: previousWhen }) }] : []),
      { paragraph: t(kind === "cancelled" ? "coaching.wasWhen" : "coaching.when", { when }) },
      ...(alsoAt ? [{ paragraph: alsoAt }] : []),
      ...(kind === "cancelled" && audience === "member" && vars.timeOff
        ? [{ paragraph: t("coaching.timeOff", { withName: vars.withName }) }]
        : []),
      ...(kind === "cancelled" && audience === "member" && vars.retired
        ? [{ paragraph: t("coaching.retired", { withName: vars.withName }) }]
        : []),
      ...(kind === "cancelled" && audience === "member" && vars.reason
        ? [{ paragraph: t("coaching.reason", { reason: vars.reason }) }]
        : []),
      ...(kind === "cancelled"
        ? audience === "member"
          ? [{ paragraph: t("coaching.bookAgainIntro") }, { button: t("coaching.bookAgain"), url: vars.bookLink }]
          : []
        : [
            { paragraph: t("coaching.meetingIntro") },
            { button: t("coaching.join"), url: vars.meetingUrl },
            ...(audience === "member" ? memberManage(t, lang, vars) : coachManage(t, vars)),
          ]),
      ...(audience === "coach" && vars.agendaLink
        ? [{ paragraph: t("coaching.agendaIntro") }, { button: t("coaching.agenda"), url: vars.agendaLink }]
        : []),
    ],
  }));
}

/** The coach may always cancel from their private link. */
function coachManage(t: TFunction, vars: CoachingMailVars) {
  return [{ paragraph: t("coaching.coachManage") }, { button: t("coaching.coachCancel"), url: vars.manageLink }];
}

/**
 * What the member may still do themselves, as their session's page says it at the mail's moment:
 * move or cancel it until the coach's notice, or, inside it, write to the coach.
 */
function memberManage(t: TFunction, lang: Language, vars: CoachingMailVars) {
  const { change } = vars;
  if (change && "insideNotice" in change)
    return [{ paragraph: t("coaching:errors.insideNotice", { ...change.insideNotice, coach: vars.withName }) }];
  const refuse = vars.kind === "rescheduled" && vars.movedBy === "coach";
  // Queued before the mails told until when: their words as they were.
  const words = change
    ? t(refuse ? "coaching.memberRefuseMoveUntil" : "coaching.memberManageUntil", {
        date: sessionDate(lang, new Date(change.until), vars.timeZone),
        time: localTime(new Date(change.until), vars.timeZone),
      })
    : t(refuse ? "coaching.memberRefuseMove" : "coaching.memberManage");
  return [{ paragraph: words }, { button: t("coaching.manage"), url: vars.manageLink }];
}

export type EarlierTimeMailVars = {
  firstname: string;
  /** The coach. */
  withName: string;
  /** The time that freed up, and the member's session as it is, shown in `timeZone`: ISO instants. */
  startsAt: string;
  endsAt: string;
  current: { startsAt: string; endsAt: string };
  timeZone: string;
  /** The signed link that moves the session there in one step (earlier-time-offers.server.ts). */
  takeLink: Link;
  manageLink: Link;
};

/**
 * To a member waiting for an earlier time with their coach: the time that freed
 * up, their session as it is, and the link that moves it there if no one took it first.
 */
export function earlierTimeMail(lang: Language, to: string, vars: EarlierTimeMailVars) {
  const when = sessionWhen(lang, new Date(vars.startsAt), new Date(vars.endsAt), vars.timeZone);
  const current = sessionWhen(lang, new Date(vars.current.startsAt), new Date(vars.current.endsAt), vars.timeZone);
  return renderMail({ template: "earlierTime", vars, lang }, to, (t) => ({
    subject: t("coaching.earlierTime.subject", { when }),
    firstname: vars.firstname,
    blocks: [
      { paragraph: t("coaching.earlierTime.intro", { withName: vars.withName }) },
      { paragraph: t("coaching.earlierTime.freed", { when }) },
      { paragraph: t("coaching.earlierTime.current", { when: current }) },
      { paragraph: t("coaching.earlierTime.takeIntro") },
      { button: t("coaching.earlierTime.take"), url: vars.takeLink },
      { paragraph: t("coaching.earlierTime.stopIntro") },
      { button: t("coaching.earlierTime.session"), url: vars.manageLink },
    ],
  }));
}

/** To a coach who renewed their agenda link: the new one (the old one no longer works). */
export function coachAgendaMail(lang: Language, to: string, vars: { firstname: string; link: Link }) {
  return renderMail({ template: "coachAgenda", vars, lang }, to, (t) => ({
    subject: t("coachAgenda.subject"),
    firstname: vars.firstname,
    blocks: [
      { paragraph: t("coachAgenda.intro") },
      { button: t("coachAgenda.action"), url: vars.link },
      { paragraph: t("coachAgenda.keep") },
    ],
  }));
}

/** Coaching's templates by name (the names stored with each queued message), for the sender's table. */
export const coachingMailTemplates = {
  coaching: coachingMail,
  coachAgenda: coachAgendaMail,
  earlierTime: earlierTimeMail,
} satisfies MailTemplates;
