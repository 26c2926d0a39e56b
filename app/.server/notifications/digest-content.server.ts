import { addDays, DAY_MS } from "~/.server/calendar/days.server";
import { localDay } from "~/.server/calendar/time-zones.server";
import { confirmedSessionsBetween } from "~/.server/coaching/sessions/member-sessions.server";
import { commitmentsDueBetween, lateCommitments } from "~/.server/space/commitments.server";
import { surveysReadySince } from "~/.server/surveys/surveys.server";
import { trainingsOf } from "~/.server/trainings/catalogue.server";
import { trainingCard } from "~/.server/trainings/views.server";
import type { Language } from "~/i18n/config";
import type { DigestVars } from "./digest-mail.server";
import { unsubscribePath } from "~/.server/mail/unsubscribe-links.server";

/** Commitments listed per heading; the rest is counted ("and 3 more"). */
const LISTED = 5;
/** How far ahead the next session is looked for. */
const NEXT_SESSION_WITHIN_MS = 60 * DAY_MS;

type Recipient = { id: string; firstname: string; lang: Language; timeZone: string };

/** The digest's content at `now`, or null when there is nothing to say (no mail then). */
export async function digestFor(member: Recipient, now: Date): Promise<Omit<DigestVars, "notification"> | null> {
  const today = localDay(now, member.timeZone);
  const [week, late, sessions, catalogue, surveys] = await Promise.all([
    commitmentsDueBetween(member.id, today, addDays(today, 6)),
    lateCommitments(member.id, today, LISTED),
    confirmedSessionsBetween(member.id, now, new Date(now.getTime() + NEXT_SESSION_WITHIN_MS)),
    trainingsOf(member.id, { archived: false }),
    surveysReadySince(member.id, new Date(now.getTime() - 7 * DAY_MS)),
  ]);
  const due = week.filter((commitment) => commitment.doneAt === null);
  const session = sessions[0];
  const inProgress = catalogue.find((t) => t.content.kind === "training" && t.state === "in_progress");
  const card = inProgress && trainingCard(inProgress, member.lang);
  const digest = {
    firstname: member.firstname,
    timeZone: member.timeZone,
    due: due.slice(0, LISTED).map(({ title, dueDate }) => ({ title, dueDate: dueDate as string })),
    moreDue: Math.max(0, due.length - LISTED),
    late: late.items,
    moreLate: Math.max(0, late.total - late.items.length),
    nextSession: session
      ? {
          startsAt: session.startsAt.toISOString(),
          endsAt: session.endsAt.toISOString(),
          coach: session.coach.name,
          timeZone: session.timeZone,
          link: `/coaching/sessions/${session.id}`,
        }
      : null,
    // The card's action is where "Continuer" leads: the first unread part (trainings/resume.server.ts).
    resume: card ? { title: card.title, link: card.actionPath } : null,
    surveys,
  };
  const somethingToSay =
    digest.due.length + digest.late.length + digest.surveys.length > 0 || digest.nextSession || digest.resume;
  return somethingToSay ? digest : null;
}

export function digestNotification(memberId: string) {
  return { memberId, kind: "weeklyDigest", unsubscribe: unsubscribePath(memberId, "weeklyDigest") };
}
