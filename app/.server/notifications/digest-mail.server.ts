import { dateFormat } from "~/.server/calendar/date-formats.server";
import { sessionInTwoZones, sessionWhen } from "~/.server/calendar/when-words.server";
import type { MailNotification } from "~/.server/mail/outbox.server";
import { renderMail } from "~/.server/mail/templates.server";
import type { Language } from "~/i18n/config";

/**
 * The weekly digest: what the member has to do this week and what is late, their
 * next session, the training to resume and surveys whose results are ready; dates in their zone.
 */
export type DigestItem = { title: string; dueDate: string };

export type DigestVars = {
  firstname: string;
  timeZone: string;
  due: DigestItem[];
  moreDue: number;
  late: DigestItem[];
  moreLate: number;
  /** `timeZone`: the one it was booked in, the member's own beside it (absent from older digests: the member's). */
  nextSession: { startsAt: string; endsAt: string; coach: string; timeZone?: string; link: string } | null;
  resume: { title: string; link: string } | null;
  surveys: { title: string }[];
  notification: MailNotification;
};

export function digestMail(lang: Language, to: string, vars: DigestVars) {
  const dayWords = dateFormat(lang, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
  const item = ({ title, dueDate }: DigestItem) => `• ${title} (${dayWords.format(new Date(`${dueDate}T00:00:00Z`))})`;
  return renderMail({ template: "weeklyDigest", vars, lang }, to, (t) => {
    const list = (heading: string, items: DigestItem[], more: number) =>
      items.length === 0
        ? []
        : [
            { paragraph: heading },
            ...items.map((entry) => ({ paragraph: item(entry) })),
            ...(more > 0 ? [{ paragraph: t("digest.more", { count: more }) }] : []),
          ];
    const session = vars.nextSession;
    const sessionAlsoAt =
      session?.timeZone && sessionInTwoZones(lang, new Date(session.startsAt), session.timeZone, vars.timeZone);
    return {
      subject: t("digest.subject"),
      firstname: vars.firstname,
      notification: vars.notification,
      blocks: [
        { paragraph: t("digest.intro") },
        ...list(t("digest.late"), vars.late, vars.moreLate),
        ...list(t("digest.due"), vars.due, vars.moreDue),
        ...(vars.late.length + vars.due.length > 0
          ? [{ button: t("digest.commitmentsAction"), url: "/my_commitments" }]
          : []),
        ...(session
          ? [
              {
                paragraph: t("digest.nextSession", {
                  when: sessionWhen(
                    lang,
                    new Date(session.startsAt),
                    new Date(session.endsAt),
                    session.timeZone ?? vars.timeZone,
                  ),
                  coach: session.coach,
                }),
              },
              ...(sessionAlsoAt ? [{ paragraph: sessionAlsoAt }] : []),
              { button: t("digest.sessionAction"), url: session.link },
            ]
          : []),
        ...(vars.resume
          ? [
              { paragraph: t("digest.resume", { title: vars.resume.title }) },
              { button: t("digest.resumeAction"), url: vars.resume.link },
            ]
          : []),
        ...vars.surveys.map((survey) => ({ paragraph: t("digest.surveyReady", { title: survey.title }) })),
        ...(vars.surveys.length > 0 ? [{ button: t("digest.surveysAction"), url: "/my_team/surveys" }] : []),
      ],
    };
  });
}
