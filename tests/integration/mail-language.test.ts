import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { login } from "~/.server/accounts/login.server";
import { whoami } from "~/.server/accounts/members.server";
import { requestRecovery } from "~/.server/accounts/recovery.server";
import { resendVerification } from "~/.server/accounts/verification.server";
import { bookSession } from "~/.server/coaching/booking/book.server";
import { coachOf, freeSlotsOf } from "~/.server/coaching/booking/free-times.server";
import { db } from "~/.server/db/client.server";
import { appUsers, mailOutbox } from "~/.server/db/schema.server";
import { mailRendering } from "~/.server/runtime/mail-rendering.server";
import { deliverDueMail, type MailTransport } from "~/.server/mail/sender.server";
import { confirmEmailChange, requestEmailChange } from "~/.server/profile/email-change.server";
import { action as verificationAction } from "~/routes/_home.account_verification";
import { action as addCrewAction } from "~/routes/_default.my_team.add";
import { action as surveysAction } from "~/routes/_default.my_team.surveys";
import { loader as listLoader } from "~/routes/_default.my_team.list";
import { action as languageAction } from "~/routes/language";
import { action as loginAction } from "~/routes/_main.home.login";
import { languageCookie } from "~/.server/i18n/i18n.server";
import {
  codeIn,
  lastMailTo,
  mailsTo,
  PASSWORD,
  registerMember,
  setCookie,
  type TestMember,
  verifiedMember,
} from "../support/accounts";
import { buildRequest, callWith, dataOf, headerOf, statusOf } from "../support/http";

/**
 * Issue 15 item 1: the language a member chooses is saved to their account, and every email goes
 * out in its recipient's language — rendered again when sent if it changed since it was queued.
 */
const IP = "203.0.113.9";
const DAY = 24 * 60 * 60 * 1000;

/** The member picks English with the header's language switch (a plain form post). */
async function chooseEnglish(member: TestMember) {
  const answer = await callWith(
    languageAction,
    buildRequest("/language", { form: { lng: "en", redirectTo: "/profile" }, cookie: member.cookie }),
  );
  expect(headerOf(answer, "Location")).toBe("/profile");
}

async function signedIn(member: TestMember) {
  const current = await whoami(member.token);
  if (!current) throw new Error("not signed in");
  return current;
}

/** A French member's discovery session with Claire, three days on or later: its slot and coach. */
async function frenchMemberBooks(member: TestMember) {
  const coach = (await coachOf("claire-moreau"))!;
  const from = new Date(Date.now() + 3 * DAY);
  const [slot] = await freeSlotsOf(coach, from, new Date(from.getTime() + 14 * DAY));
  const current = await signedIn(member);
  const booker = { ...current.member, email: member.email, lang: "fr" as const };
  const booked = await bookSession(booker, {
    coachSlug: coach.slug,
    start: slot.start,
    timeZone: "Europe/Paris",
    fromPath: null,
  });
  expect(booked.ok).toBe(true);
  return { coach, slot };
}

describe("a member's language, saved", () => {
  it("is saved when a signed-in member switches, and the next sign-in on another device takes it on", async () => {
    const member = await verifiedMember();
    expect((await signedIn(member)).member.lang).toBe("fr");
    await chooseEnglish(member);
    expect((await signedIn(member)).member.lang).toBe("en");
    expect(await login(member.email, PASSWORD, { ip: IP, userAgent: null })).toMatchObject({ ok: true, lang: "en" });
    // Another device, no language chosen there yet: signing in sets it.
    const answer = await callWith(
      loginAction,
      buildRequest("/home/login", { form: { email: member.email, password: PASSWORD, redirectAfter: "" } }),
      { context: { clientIp: IP } },
    );
    expect(statusOf(answer)).toBe(302);
    expect(setCookie(answer, "lng")).toMatch(/^lng=/);
    expect(await languageCookie.parse(setCookie(answer, "lng")!.split(";")[0])).toBe("en");
  });

  it("changes nothing for a visitor but their own cookie", async () => {
    const answer = await callWith(languageAction, buildRequest("/language", { form: { lng: "en", redirectTo: "/" } }));
    expect(statusOf(answer)).toBe(303);
    expect(await db().select().from(appUsers)).toEqual([]);
  });
});

describe("every email in its recipient's language", () => {
  it("account mails: a fresh verification code, the welcome, a recovery code, an email change (both ends)", async () => {
    const member = await registerMember();
    await chooseEnglish(member);
    const current = await signedIn(member);
    await resendVerification(current.identity, current.member, "fr");
    expect((await lastMailTo(member.email)).subject).toBe("Your Cap confirmation code");

    const code = codeIn(await lastMailTo(member.email));
    const verified = await callWith(
      verificationAction,
      buildRequest("/account_verification", { form: { intent: "verify", code }, cookie: member.cookie }),
    );
    expect(statusOf(verified)).toBe(303);
    expect((await lastMailTo(member.email)).subject).toBe("Welcome aboard Cap!");

    await requestRecovery(member.email, "fr", { ip: IP });
    expect((await lastMailTo(member.email)).subject).toBe("Reset your Cap password");

    expect(await requestEmailChange(await signedIn(member), "marie.curie@example.com", PASSWORD)).toEqual({ ok: true });
    const change = await lastMailTo("marie.curie@example.com");
    expect(change.subject).toBe("Confirm your new Cap email address");
    expect(await confirmEmailChange(await signedIn(member), codeIn(change), { ip: IP, userAgent: null })).toMatchObject(
      { ok: true },
    );
    expect((await lastMailTo(member.email)).subject).toBe("The email address of your Cap account has changed");
  });

  it("an invitation and a survey to people without an account go in the asking member's language", async () => {
    const member = await verifiedMember();
    await chooseEnglish(member);
    for (const name of ["Paul", "Lina", "Sami"]) {
      const added = await callWith(
        addCrewAction,
        buildRequest("/my_team/add", {
          form: { name, email: `${name.toLowerCase()}@example.com`, relation: "friend" },
          cookie: member.cookie,
        }),
      );
      expect(statusOf(added)).toBe(303);
    }
    const invitations = await mailsTo("paul@example.com");
    expect(invitations.map((mail) => mail.subject)).toContain("An invitation to join a crew on Cap");

    const { crew } = await dataOf<{ crew: { id: string }[] }>(
      await callWith(listLoader, buildRequest("/my_team/list", { cookie: member.cookie })),
    );
    const survey = await callWith(
      surveysAction,
      buildRequest("/my_team/surveys", {
        form: {
          title: "How do you see me?",
          "questions[0]": "Do I listen?",
          "questions[1]": "Can you count on me?",
          "questions[2]": "What energy?",
          crew: crew.map((person) => person.id),
        },
        cookie: member.cookie,
      }),
    );
    expect(statusOf(survey)).toBe(303);
    expect((await lastMailTo("lina@example.com")).subject).toBe("A survey is waiting for you on Cap");
  });

  it("session mails: the member's in theirs, the coach's in the coach's; a reminder follows a later switch", async () => {
    const member = await verifiedMember();
    const { coach, slot } = await frenchMemberBooks(member);
    const subjects = (await mailsTo(member.email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => /découverte/.test(subject)).sort()).toEqual([
      expect.stringMatching(/^Rappel : séance découverte demain/),
      expect.stringMatching(/^Séance découverte confirmée/),
    ]);
    const [toCoach] = await mailsTo(coach.email);
    expect(toCoach.lang).toBe(coach.languages[0]);

    // The member switches to English after booking: what is still to go follows them.
    await chooseEnglish(member);
    const sent: { to: string; subject: string; text: string }[] = [];
    const transport: MailTransport = { sendMail: async (message) => void sent.push(message) };
    await deliverDueMail(mailRendering, { transport, now: new Date(slot.start.getTime() - DAY + 60_000) });
    const toMember = sent
      .filter((mail) => mail.to === member.email && /session/i.test(mail.subject))
      .map((mail) => mail.subject);
    // Queued in one transaction, the two go in either order.
    expect(toMember.sort()).toEqual([
      expect.stringMatching(/^Discovery session confirmed: /),
      expect.stringMatching(/^Reminder: discovery session tomorrow, /),
    ]);
    // What was queued stays as it was; only what went out changed.
    const queued = await db().select().from(mailOutbox).where(eq(mailOutbox.to, member.email));
    expect(queued.every((mail) => mail.lang === "fr")).toBe(true);
  });

  it("a message sent within a minute of being queued goes as queued, without looking the recipient up", async () => {
    const member = await verifiedMember();
    const { slot } = await frenchMemberBooks(member);
    await chooseEnglish(member);
    const sent: { to: string; subject: string }[] = [];
    const transport: MailTransport = { sendMail: async (message) => void sent.push(message) };
    // Seconds after booking: the confirmation goes in French, as it was queued.
    await deliverDueMail(mailRendering, { transport, now: new Date(Date.now() + 5_000) });
    const confirmation = sent.filter((mail) => mail.to === member.email && /découverte|discovery/i.test(mail.subject));
    expect(confirmation.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Séance découverte confirmée/)]);
    // The reminder, sent the day before, follows the switch.
    await deliverDueMail(mailRendering, { transport, now: new Date(slot.start.getTime() - DAY + 60_000) });
    const reminder = sent.filter((mail) => mail.to === member.email && /Reminder|Rappel/.test(mail.subject));
    expect(reminder.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Reminder: discovery session tomorrow, /),
    ]);
  });
});
