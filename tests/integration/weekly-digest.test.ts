import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { localDay, localTime } from "~/.server/calendar/time-zones.server";
import { db } from "~/.server/db/client.server";
import { appUsers, mailOutbox, notificationRounds, surveyAnswers, surveys } from "~/.server/db/schema.server";
import { deliverDueMail, type MailTransport } from "~/.server/mail/sender.server";
import { sendDueDigests } from "~/.server/notifications/digests.server";
import { DEFAULT_SETTINGS, saveSettings, switchOff } from "~/.server/notifications/settings.server";
import { mailRendering } from "~/.server/runtime/mail-rendering.server";
import { addCommitment, setCommitmentDone } from "~/.server/space/commitments.server";
import { markPartRead } from "~/.server/trainings/progress.server";
import { type TestMember, verifiedMember } from "../support/accounts";
import { sessionWithClaire } from "../support/coaches";

/**
 * Issue 28, item 4: the weekly word, at the member's chosen day and hour in their own zone, once a
 * week, and not at all when there is nothing to say. Passes are called with their `now`.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The top of the next hour: what the digest is set to in each test (sessions booked later still come after). */
const nextHour = () => new Date(Math.ceil(Date.now() / HOUR) * HOUR);
const addDays = (day: string, count: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY).toISOString().slice(0, 10);

/** The member's zone and language, and their digest set to `at` as their wall clock reads it. */
async function digestAt(member: TestMember, at: Date, { timeZone = "America/New_York", lang = "fr" } = {}) {
  await db().update(appUsers).set({ timeZone, lang }).where(eq(appUsers.id, member.memberId));
  const digestDay = new Date(`${localDay(at, timeZone)}T00:00:00Z`).getUTCDay();
  const digestHour = Number(localTime(at, timeZone).slice(0, 2));
  await saveSettings(member.memberId, { ...DEFAULT_SETTINGS, digestDay, digestHour });
  return localDay(at, timeZone);
}

const digestsTo = (member: TestMember) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, member.email), eq(mailOutbox.notificationKind, "weeklyDigest")));

const weeksOf = (member: TestMember) =>
  db()
    .select()
    .from(notificationRounds)
    .where(and(eq(notificationRounds.memberId, member.memberId), eq(notificationRounds.kind, "weeklyDigest")));

/** A survey closed yesterday with three answers: its results show. */
async function surveyWithResults(member: TestMember, title: string) {
  const [survey] = await db()
    .insert(surveys)
    .values({
      memberId: member.memberId,
      title,
      questions: [{ id: "q1", prompt: "?" }],
      closedAt: new Date(Date.now() - DAY),
    })
    .returning();
  for (const score of [3, 4, 5])
    await db()
      .insert(surveyAnswers)
      .values({ surveyId: survey.id, answers: { q1: { score, comment: "" } } });
}

describe("the weekly word (issue 28, item 4)", () => {
  it("goes at the member's day and hour in their zone with their week, what is late, the next session, the training to resume and survey results", async () => {
    const member = await verifiedMember();
    const at = nextHour();
    const today = await digestAt(member, at);
    await addCommitment(member.memberId, { title: "Appeler Paul", dueDate: addDays(today, 2), moduleId: null });
    await addCommitment(member.memberId, { title: "Relire mes notes", dueDate: addDays(today, -3), moduleId: null });
    const done = await addCommitment(member.memberId, {
      title: "Déjà fait",
      dueDate: addDays(today, 1),
      moduleId: null,
    });
    await setCommitmentDone(member.memberId, done, true);
    await addCommitment(member.memberId, { title: "Le mois prochain", dueDate: addDays(today, 20), moduleId: null });
    await sessionWithClaire(member);
    expect((await markPartRead(member.memberId, "j-embarque", "prendre-la-barre", "bienvenue-a-bord")).ok).toBe(true);
    await surveyWithResults(member, "Comment me voyez-vous ?");

    await sendDueDigests(new Date(at.getTime() - 60_000));
    expect(await digestsTo(member)).toEqual([]);

    await sendDueDigests(at);
    const [digest, ...more] = await digestsTo(member);
    expect(more).toEqual([]);
    expect(digest.subject).toBe("Votre semaine avec Cap");
    const text = digest.text;
    expect(text).toContain("En retard :\n\n• Relire mes notes");
    expect(text).toContain("À faire cette semaine :\n\n• Appeler Paul");
    expect(text).not.toContain("Déjà fait");
    expect(text).not.toContain("Le mois prochain");
    expect(text).toMatch(/Votre prochaine séance : .+, avec Claire Moreau\./);
    expect(text).toContain("Reprenez « J’embarque » là où vous en étiez.");
    expect(text).toContain("http://localhost:3000/training/j-embarque/modules/");
    expect(text).toContain("Les résultats de votre sondage « Comment me voyez-vous ? » sont prêts.");
    expect(text).toContain(`http://localhost:3000/unsubscribe/${member.memberId}.weeklyDigest.`);
    expect(digest.memberId).toBe(member.memberId);

    // Later that week: nothing more; the week after: the next one.
    await sendDueDigests(new Date(at.getTime() + 30 * 60_000));
    await sendDueDigests(new Date(at.getTime() + 3 * DAY));
    expect(await digestsTo(member)).toHaveLength(1);
    await sendDueDigests(new Date(at.getTime() + 7 * DAY));
    expect(await digestsTo(member)).toHaveLength(2);
  });

  it("speaks English to an English member, in their own zone", async () => {
    const member = await verifiedMember();
    const at = nextHour();
    const today = await digestAt(member, at, { timeZone: "Asia/Tokyo", lang: "en" });
    await addCommitment(member.memberId, { title: "Call Paul", dueDate: addDays(today, 1), moduleId: null });
    await sendDueDigests(at);
    const [digest] = await digestsTo(member);
    expect(digest.subject).toBe("Your week with Cap");
    expect(digest.text).toContain("Here is what awaits you this week.");
    expect(digest.text).toContain("Due this week:\n\n• Call Paul");
    expect(digest.text).toContain("Unsubscribe from these emails in one click");
  });

  it("is skipped when there is nothing to say, and that week is not looked at again", async () => {
    const member = await verifiedMember();
    const at = nextHour();
    const today = await digestAt(member, at);
    await sendDueDigests(at);
    expect(await digestsTo(member)).toEqual([]);
    expect((await weeksOf(member)).map((row) => row.mailId)).toEqual([null]);
    await addCommitment(member.memberId, { title: "Plus tard", dueDate: addDays(today, 1), moduleId: null });
    await sendDueDigests(new Date(at.getTime() + HOUR));
    expect(await digestsTo(member)).toEqual([]);
  });

  it("goes once however many passes look at the member at the same time", async () => {
    const member = await verifiedMember();
    const at = nextHour();
    const today = await digestAt(member, at);
    await addCommitment(member.memberId, { title: "Appeler Paul", dueDate: today, moduleId: null });
    await Promise.all([sendDueDigests(at), sendDueDigests(at), sendDueDigests(new Date(at.getTime() + 1000))]);
    const digests = await digestsTo(member);
    expect(digests).toHaveLength(1);
    expect((await weeksOf(member)).map((row) => row.mailId)).toEqual([digests[0].id]);
  });

  it("is not sent once switched off: neither queued, nor delivered if it was queued before", async () => {
    const off = await verifiedMember();
    const late = await verifiedMember({ email: "late@example.com" });
    const at = nextHour();
    for (const member of [off, late]) {
      const today = await digestAt(member, at);
      await addCommitment(member.memberId, { title: "Appeler Paul", dueDate: today, moduleId: null });
    }
    await switchOff(off.memberId, "weeklyDigest");
    await sendDueDigests(at);
    expect(await digestsTo(off)).toEqual([]);
    expect(await digestsTo(late)).toHaveLength(1);

    await switchOff(late.memberId, "weeklyDigest");
    const sent: string[] = [];
    const transport: MailTransport = {
      async sendMail(message) {
        sent.push(`${message.to}: ${message.subject}`);
      },
    };
    await deliverDueMail(mailRendering, { transport, now: new Date(at.getTime() + 60_000) });
    expect(sent).toContain(`${late.email}: Bienvenue à bord de Cap !`);
    expect(sent).not.toContain(`${late.email}: Votre semaine avec Cap`);
    expect(await digestsTo(late)).toEqual([]);
  });
});
