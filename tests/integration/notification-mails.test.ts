import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { localDay, localTime } from "~/.server/calendar/time-zones.server";
import { db } from "~/.server/db/client.server";
import { appUsers, crewMembers, mailOutbox, notificationRounds } from "~/.server/db/schema.server";
import { deliverDueMail, type MailTransport } from "~/.server/mail/sender.server";
import { sendDueCommitmentReminders } from "~/.server/notifications/commitment-reminders.server";
import { DEFAULT_SETTINGS, saveSettings, switchOff } from "~/.server/notifications/settings.server";
import { unsubscribePath } from "~/.server/mail/unsubscribe-links.server";
import { mailRendering } from "~/.server/runtime/mail-rendering.server";
import { addPause } from "~/.server/space/commitment-pauses.server";
import { addCommitment, setCommitmentDone } from "~/.server/space/commitments.server";
import { bitsOfWeekdays, isoWeekday } from "~/.server/space/recurrence.server";
import { answerSurvey, closeSurvey } from "~/.server/notifications/survey-results.server";
import { createSurvey } from "~/.server/surveys/surveys.server";
import { lastMailTo, linkIn, type TestMember, verifiedMember } from "../support/accounts";

/**
 * Issue 28, item 3: the two switches that were off by default now each control a mail. Commitment
 * reminders: on a day something is due, once, at the member's hour in their zone. Crew news: when
 * a survey's results become visible to its member. Passes are called with their `now`.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const nextHour = () => new Date(Math.ceil(Date.now() / HOUR) * HOUR);
const addDays = (day: string, count: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY).toISOString().slice(0, 10);

/** The member's zone and language, and their switches, with their hour set to `at` on their wall clock. */
async function settle(
  member: TestMember,
  at: Date,
  { timeZone = "America/New_York", lang = "fr", commitmentReminders = true, crewNews = false } = {},
) {
  await db().update(appUsers).set({ timeZone, lang }).where(eq(appUsers.id, member.memberId));
  const digestHour = Number(localTime(at, timeZone).slice(0, 2));
  await saveSettings(member.memberId, { ...DEFAULT_SETTINGS, commitmentReminders, crewNews, digestHour });
  return localDay(at, timeZone);
}

const mailsOf = (member: TestMember, kind: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, member.email), eq(mailOutbox.notificationKind, kind)))
    .orderBy(mailOutbox.createdAt);

const reminderDays = (member: TestMember) =>
  db()
    .select()
    .from(notificationRounds)
    .where(and(eq(notificationRounds.memberId, member.memberId), eq(notificationRounds.kind, "commitmentReminders")));

/** Delivers what is due through a transport that keeps each message's subject and headers. */
async function delivered(at: Date) {
  const sent: { to: string; subject: string; headers: Record<string, string> }[] = [];
  const transport: MailTransport = {
    async sendMail(message) {
      sent.push({ to: message.to, subject: message.subject, headers: message.headers ?? {} });
    },
  };
  await deliverDueMail(mailRendering, { transport, now: at });
  return sent;
}

const once = (title: string, dueDate: string) => ({ title, dueDate, moduleId: null });

describe("commitment reminders (issue 28, item 3)", () => {
  it("go nowhere while switched off, the default", async () => {
    const member = await verifiedMember();
    const at = nextHour();
    const today = await settle(member, at, { commitmentReminders: false });
    await addCommitment(member.memberId, once("Appeler Paul", today));
    await sendDueCommitmentReminders(at);
    expect(await mailsOf(member, "commitmentReminders")).toEqual([]);
    expect(await reminderDays(member)).toEqual([]);
  });

  it("switched on: at the member's hour in their zone, what is due that day and how many are late, once a day, with one-click unsubscribe", async () => {
    const member = await verifiedMember();
    const at = nextHour();
    const today = await settle(member, at);
    await addCommitment(member.memberId, once("Appeler Paul", today));
    await addCommitment(member.memberId, {
      title: "Courir",
      dueDate: null,
      moduleId: null,
      repeatWeekdays: bitsOfWeekdays([isoWeekday(today)]),
      startsOn: today,
    });
    await addCommitment(member.memberId, once("Relire mes notes", addDays(today, -2)));
    const done = await addCommitment(member.memberId, once("Déjà fait", today));
    await setCommitmentDone(member.memberId, done, true);
    await addCommitment(member.memberId, once("Demain", addDays(today, 1)));

    await sendDueCommitmentReminders(new Date(at.getTime() - 60_000));
    expect(await mailsOf(member, "commitmentReminders")).toEqual([]);

    await sendDueCommitmentReminders(at);
    const [reminder, ...more] = await mailsOf(member, "commitmentReminders");
    expect(more).toEqual([]);
    expect(reminder.subject).toBe("Vos engagements du jour");
    expect(reminder.text).toContain("Voici ce que vous vous êtes promis pour aujourd’hui");
    expect(reminder.text).toContain("• Appeler Paul\n\n• Courir");
    expect(reminder.text).not.toContain("Déjà fait");
    expect(reminder.text).not.toContain("Demain");
    expect(reminder.text).not.toContain("Relire mes notes");
    expect(reminder.text).toContain("Et 1 engagement en retard vous attend sur votre page.");
    expect(reminder.text).toContain("http://localhost:3000/my_commitments");
    const link = `http://localhost:3000${unsubscribePath(member.memberId, "commitmentReminders")}`;
    expect(reminder.text).toContain(link);

    const sent = (await delivered(new Date(at.getTime() + 60_000))).find(
      (mail) => mail.to === member.email && mail.subject === "Vos engagements du jour",
    );
    expect(sent?.headers["List-Unsubscribe"]).toBe(`<${link}>`);
    expect(sent?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    // Later that day: nothing more; the next day, what falls due then.
    await sendDueCommitmentReminders(new Date(at.getTime() + 2 * HOUR));
    expect(await mailsOf(member, "commitmentReminders")).toHaveLength(1);
    await sendDueCommitmentReminders(new Date(at.getTime() + DAY));
    const [, next] = await mailsOf(member, "commitmentReminders");
    expect(next.text).toContain("• Demain");
    expect(next.text).not.toContain("Courir");
  });

  it("speaks English to an English member, with their unsubscribe headers", async () => {
    const member = await verifiedMember();
    const at = nextHour();
    const today = await settle(member, at, { timeZone: "Asia/Tokyo", lang: "en" });
    await addCommitment(member.memberId, once("Call Paul", today));
    await sendDueCommitmentReminders(at);
    const [reminder] = await mailsOf(member, "commitmentReminders");
    expect(reminder.subject).toBe("Your commitments for today");
    expect(reminder.text).toContain("Here is what you promised yourself for today");
    expect(reminder.text).toContain("• Call Paul");
    expect(reminder.text).toContain("Unsubscribe from these emails in one click");
    const sent = (await delivered(new Date(at.getTime() + 60_000))).find(
      (mail) => mail.to === member.email && mail.subject === reminder.subject,
    );
    expect(sent?.headers["List-Unsubscribe"]).toBe(
      `<http://localhost:3000${unsubscribePath(member.memberId, "commitmentReminders")}>`,
    );
  });

  it("goes once however many passes (workers) look at the member at the same time", async () => {
    const member = await verifiedMember();
    const at = nextHour();
    const today = await settle(member, at);
    await addCommitment(member.memberId, once("Appeler Paul", today));
    await Promise.all([
      sendDueCommitmentReminders(at),
      sendDueCommitmentReminders(at),
      sendDueCommitmentReminders(new Date(at.getTime() + 1000)),
    ]);
    await sendDueCommitmentReminders(new Date(at.getTime() + HOUR));
    const reminders = await mailsOf(member, "commitmentReminders");
    expect(reminders).toHaveLength(1);
    expect((await reminderDays(member)).map((row) => row.mailId)).toEqual([reminders[0].id]);
  });

  it("says nothing on a day with nothing due, or everything due paused; a paused day is not late either", async () => {
    const resting = await verifiedMember();
    const lateOnly = await verifiedMember({ email: "late@example.com" });
    const back = await verifiedMember({ email: "back@example.com" });
    const at = nextHour();
    const today = await settle(resting, at);
    await settle(lateOnly, at);
    await settle(back, at);

    await addCommitment(resting.memberId, once("En vacances", today));
    const running = await addCommitment(resting.memberId, {
      title: "Courir",
      dueDate: null,
      moduleId: null,
      repeatWeekdays: bitsOfWeekdays([isoWeekday(today)]),
      startsOn: today,
    });
    expect(
      (await addPause(resting.memberId, { commitmentId: running, startsOn: today, endsOn: today }, today)).ok,
    ).toBe(true);
    expect(
      (await addPause(resting.memberId, { commitmentId: null, startsOn: today, endsOn: addDays(today, 3) }, today)).ok,
    ).toBe(true);

    await addCommitment(lateOnly.memberId, once("Oublié", addDays(today, -1)));

    await addCommitment(back.memberId, once("Appeler Paul", today));
    await addCommitment(back.memberId, once("Pendant la pause", addDays(today, -1)));
    expect(
      (
        await addPause(
          back.memberId,
          { commitmentId: null, startsOn: addDays(today, -1), endsOn: addDays(today, -1) },
          today,
        )
      ).ok,
    ).toBe(true);

    await sendDueCommitmentReminders(at);
    expect(await mailsOf(resting, "commitmentReminders")).toEqual([]);
    expect((await reminderDays(resting)).map((row) => row.mailId)).toEqual([null]);
    expect(await mailsOf(lateOnly, "commitmentReminders")).toEqual([]);
    const [reminder] = await mailsOf(back, "commitmentReminders");
    expect(reminder.text).toContain("• Appeler Paul");
    expect(reminder.text).not.toContain("en retard");
  });

  it("stops once switched off from the mail's link", async () => {
    const member = await verifiedMember();
    const at = nextHour();
    const today = await settle(member, at);
    await addCommitment(member.memberId, once("Appeler Paul", addDays(today, 1)));
    await switchOff(member.memberId, "commitmentReminders");
    await sendDueCommitmentReminders(new Date(at.getTime() + DAY));
    expect(await mailsOf(member, "commitmentReminders")).toEqual([]);
  });
});

/** A survey of `member` to these crew members (new ones); the private links' tokens, in order. */
async function surveyTo(member: TestMember, names: string[], lang: "fr" | "en" = "fr") {
  const emails = names.map((name) => `${name}@example.com`);
  const crew = await db()
    .insert(crewMembers)
    .values(
      emails.map((email) => ({ memberId: member.memberId, name: email.split("@")[0], email, relation: "friend" })),
    )
    .returning({ id: crewMembers.id });
  const created = await createSurvey(
    { id: member.memberId, firstname: "Marie", lastname: "Curie", lang },
    { title: "Comment me voyez-vous ?", questions: ["Écoute ?"], crewIds: crew.map((row) => row.id) },
  );
  if (!created.ok) throw new Error(created.error);
  const tokens = await Promise.all(
    emails.map(
      async (email) =>
        linkIn(await lastMailTo(email), "/survey/")
          .split("/")
          .at(-1) as string,
    ),
  );
  return { id: created.id, tokens, emails };
}

const answer = (token: string, score: number) => answerSurvey(token, { q1: { score, comment: "" } });

describe("crew news (issue 28, item 3)", () => {
  it("tells the survey's member, switched on, when the last answer makes the results show: once, in French, with one-click unsubscribe", async () => {
    const member = await verifiedMember();
    await settle(member, nextHour(), { crewNews: true, commitmentReminders: false });
    const survey = await surveyTo(member, ["ana", "ben", "cid"]);
    expect((await answer(survey.tokens[0], 4)).ok).toBe(true);
    expect((await answer(survey.tokens[1], 5)).ok).toBe(true);
    expect(await mailsOf(member, "crewNews")).toEqual([]);

    expect((await answer(survey.tokens[2], 3)).ok).toBe(true);
    const [news, ...more] = await mailsOf(member, "crewNews");
    expect(more).toEqual([]);
    expect(news.subject).toBe("Les résultats de votre sondage sont prêts");
    expect(news.text).toContain("les résultats de votre sondage « Comment me voyez-vous ? » sont prêts");
    expect(news.text).toContain("http://localhost:3000/my_team/surveys");
    const link = `http://localhost:3000${unsubscribePath(member.memberId, "crewNews")}`;
    expect(news.text).toContain(link);
    // Closing it again afterwards changes nothing, and the crew hears nothing of it.
    expect(await closeSurvey(member.memberId, survey.id)).toBe(false);
    expect(await mailsOf(member, "crewNews")).toHaveLength(1);

    const sent = await delivered(new Date(Date.now() + 60_000));
    const mine = sent.find((mail) => mail.to === member.email && mail.subject === news.subject);
    expect(mine?.headers["List-Unsubscribe"]).toBe(`<${link}>`);
    expect(mine?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    for (const email of survey.emails)
      expect(sent.filter((mail) => mail.to === email).map((mail) => mail.subject)).not.toContain(news.subject);
  });

  it("goes when the member closes a survey with enough answers (in English), never for one whose results stay hidden", async () => {
    const member = await verifiedMember();
    await settle(member, nextHour(), { lang: "en", crewNews: true, commitmentReminders: false });
    const hidden = await surveyTo(member, ["ana", "ben"], "en");
    for (const token of hidden.tokens) await answer(token, 4);
    expect(await mailsOf(member, "crewNews")).toEqual([]);

    const shown = await surveyTo(member, ["cid", "dan", "eva", "fay"], "en");
    for (const token of shown.tokens.slice(0, 3)) await answer(token, 4);
    expect(await mailsOf(member, "crewNews")).toEqual([]);
    expect(await closeSurvey(member.memberId, shown.id)).toBe(true);
    const [news, ...more] = await mailsOf(member, "crewNews");
    expect(more).toEqual([]);
    expect(news.subject).toBe("Your survey's results are ready");
    expect(news.text).toContain("the results of your survey “Comment me voyez-vous ?” are ready");
  });

  it("goes nowhere while switched off, the default", async () => {
    const member = await verifiedMember();
    const survey = await surveyTo(member, ["ana", "ben", "cid"]);
    for (const token of survey.tokens) await answer(token, 4);
    expect(await mailsOf(member, "crewNews")).toEqual([]);
  });
});
