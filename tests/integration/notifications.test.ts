import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { coachingBookings, mailOutbox } from "~/.server/db/schema.server";
import { queueMail } from "~/.server/mail/outbox.server";
import { deliverDueMail, type MailTransport } from "~/.server/mail/sender.server";
import { verificationMail } from "~/.server/mail/templates.server";
import { digestNotification } from "~/.server/notifications/digest-content.server";
import { digestMail } from "~/.server/notifications/digest-mail.server";
import { DEFAULT_SETTINGS, settingsOf } from "~/.server/notifications/settings.server";
import { UNSUBSCRIBE_LINK_DAYS, unsubscribePath } from "~/.server/mail/unsubscribe-links.server";
import { mailRendering } from "~/.server/runtime/mail-rendering.server";
import { loader as profileLoader } from "~/routes/_default.profile/route";
import { action as settingsAction, loader as settingsLoader } from "~/routes/_default.profile_.notifications";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/_home.unsubscribe.$token";
import { type TestMember, verifiedMember } from "../support/accounts";
import { buildRequest, call, callWith, dataOf, headerOf, statusOf } from "../support/http";
import { startSmtp } from "../support/smtp";
import { sessionWithClaire } from "../support/coaches";

/** Issue 28 items 3 and 5: which mails a member wants, and leaving one kind in one click. */
const DAY = 24 * 60 * 60 * 1000;
const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

type Settings = typeof DEFAULT_SETTINGS;
const allOff = { digestDay: "1", digestHour: "8" };

const saveSettings = (member: TestMember, form: Record<string, string>) =>
  callWith(settingsAction, buildRequest("/profile/notifications", { form, cookie: member.cookie }));

/** A transport that keeps what it is given (headers included). */
function keeping() {
  const sent: Parameters<MailTransport["sendMail"]>[0][] = [];
  const transport: MailTransport = {
    async sendMail(message) {
      sent.push(message);
    },
  };
  return { sent, transport };
}

const header = (raw: string, name: string) =>
  new RegExp(`^${name}:\\s*(.+(?:\\r\\n[ \\t].+)*)`, "im").exec(raw)?.[1].replace(/\r\n[ \t]+/g, " ") ?? null;

describe("notification settings on the profile (issue 28, item 3)", () => {
  it("are on by default only for the weekly word and session reminders, the digest on Monday at 8", async () => {
    const member = await verifiedMember();
    const profile = await dataOf<{ notifications: Settings }>(
      await callWith(profileLoader, buildRequest("/profile", { cookie: member.cookie })),
    );
    expect(profile.notifications).toEqual({
      weeklyDigest: true,
      sessionReminders: true,
      commitmentReminders: false,
      crewNews: false,
      digestDay: 1,
      digestHour: 8,
    });
  });

  it("saves the member's own choices, day and hour, and nobody else's", async () => {
    const member = await verifiedMember();
    const other = await verifiedMember({ email: "other@example.com" });
    const saved = await saveSettings(member, {
      commitmentReminders: "on",
      crewNews: "on",
      digestDay: "5",
      digestHour: "18",
    });
    expect(statusOf(saved)).toBe(303);
    expect(headerOf(saved, "Location")).toBe("/profile?saved=notifications#notifications");
    const expected = {
      weeklyDigest: false,
      sessionReminders: false,
      commitmentReminders: true,
      crewNews: true,
      digestDay: 5,
      digestHour: 18,
    };
    expect(await settingsOf(member.memberId)).toEqual(expected);
    const page = await dataOf<{ settings: Settings; zone: string }>(
      await callWith(settingsLoader, buildRequest("/profile/notifications", { cookie: member.cookie })),
    );
    expect(page.settings).toEqual(expected);
    expect(page.zone).toMatch(/^Paris \(UTC\+[12]\)$/);
    expect(await settingsOf(other.memberId)).toEqual(DEFAULT_SETTINGS);
  });

  it("refuses a day or an hour that is none with a translated error, changing nothing", async () => {
    const member = await verifiedMember();
    for (const [form, field, error] of [
      [{ digestDay: "7", digestHour: "8" }, "digestDay", "profile:errors.digestDayInvalid"],
      [{ digestDay: "-1", digestHour: "8" }, "digestDay", "profile:errors.digestDayInvalid"],
      [{ digestDay: "1", digestHour: "24" }, "digestHour", "profile:errors.digestHourInvalid"],
      [{ digestDay: "1", digestHour: "x".repeat(5000) }, "digestHour", "profile:errors.digestHourInvalid"],
      [{ digestDay: "1" }, "digestHour", "profile:errors.digestHourInvalid"],
    ] as const) {
      const refused = await saveSettings(member, { ...form, crewNews: "on" });
      expect(statusOf(refused)).toBe(400);
      expect((await dataOf<{ error: Record<string, string[]> }>(refused)).error[field]).toEqual([error]);
    }
    expect(await settingsOf(member.memberId)).toEqual(DEFAULT_SETTINGS);
  });

  it("are not reachable signed out: the page and its post send to the login", async () => {
    const page = await callWith(settingsLoader, buildRequest("/profile/notifications"));
    const post = await callWith(settingsAction, buildRequest("/profile/notifications", { form: allOff }));
    for (const answer of [page, post]) {
      expect(statusOf(answer)).toBe(302);
      expect(headerOf(answer, "Location")).toMatch(/^\/home\/login\?redirect_after=/);
    }
  });

  it("drop the member's session reminder once switched off, the coach's still going", async () => {
    const member = await verifiedMember();
    const booking = await sessionWithClaire(member);
    const [{ ids }] = await db()
      .select({ ids: coachingBookings.reminderMailIds })
      .from(coachingBookings)
      .where(eq(coachingBookings.id, booking.id));
    const reminders = await db().select().from(mailOutbox).where(eq(mailOutbox.notificationKind, "sessionReminders"));
    expect(reminders.map((row) => [row.to, row.memberId])).toEqual([[member.email, member.memberId]]);
    expect(ids).toContain(reminders[0].id);
    expect(reminders[0].text).toContain("/unsubscribe/");

    // Switched off after booking: the reminder is asked again when it falls due.
    expect(statusOf(await saveSettings(member, { weeklyDigest: "on", ...allOff }))).toBe(303);
    const { sent, transport } = keeping();
    await deliverDueMail(mailRendering, { transport });
    const dayBefore = new Date(booking.startsAt.getTime() - DAY + 60_000);
    await deliverDueMail(mailRendering, { transport, now: dayBefore });
    const remindersSent = sent.filter((message) => message.subject.includes("Rappel"));
    expect(remindersSent.map((message) => message.to)).toEqual(["claire.moreau@coachs.cap.example"]);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.id, reminders[0].id))).toEqual([]);
  });

  it("let a member's session reminder go with its unsubscribe headers while on", async () => {
    const member = await verifiedMember();
    const booking = await sessionWithClaire(member);
    const { sent, transport } = keeping();
    await deliverDueMail(mailRendering, { transport });
    await deliverDueMail(mailRendering, { transport, now: new Date(booking.startsAt.getTime() - DAY + 60_000) });
    const toMember = sent.filter((message) => message.to === member.email);
    const reminder = toMember.find((message) => message.headers);
    expect(reminder?.subject).toMatch(/^Rappel/);
    expect(reminder?.headers?.["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/unsubscribe\/[^>]+>$/);
    // The welcome and the booking's confirmation are transactional: no unsubscribe.
    expect(toMember.filter((message) => message.headers)).toHaveLength(1);
    expect(toMember.filter((message) => !message.headers).map((message) => message.subject)).toEqual(
      expect.arrayContaining(["Bienvenue à bord de Cap !", expect.stringMatching(/^Séance découverte confirmée : /)]),
    );
  });
});

describe("one-click unsubscribe (issue 28, item 5)", () => {
  const tokenOf = (path: string) => path.slice("/unsubscribe/".length);

  it("shows a confirmation page without signing in and changes nothing until its button is pressed", async () => {
    const member = await verifiedMember();
    const path = unsubscribePath(member.memberId, "weeklyDigest");
    const page = await call(unsubscribeLoader, buildRequest(path), { token: tokenOf(path) });
    expect(statusOf(page)).toBe(200);
    expect(await dataOf(page)).toEqual({ title: "Se désabonner", kind: "weeklyDigest" });
    expect((await settingsOf(member.memberId)).weeklyDigest).toBe(true);

    const done = await call(unsubscribeAction, buildRequest(path, { form: {} }), { token: tokenOf(path) });
    expect(statusOf(done)).toBe(200);
    expect(await dataOf(done)).toMatchObject({ done: true });
    expect(await settingsOf(member.memberId)).toEqual({ ...DEFAULT_SETTINGS, weeklyDigest: false });
    // Twice: the same, no error.
    await call(unsubscribeAction, buildRequest(path, { form: {} }), { token: tokenOf(path) });
    expect(await settingsOf(member.memberId)).toEqual({ ...DEFAULT_SETTINGS, weeklyDigest: false });
  });

  it("takes the mail service's RFC 8058 POST (List-Unsubscribe=One-Click), no cookie, no page, in English too", async () => {
    const member = await verifiedMember();
    await saveSettings(member, { weeklyDigest: "on", sessionReminders: "on", crewNews: "on", ...allOff });
    const path = unsubscribePath(member.memberId, "crewNews");
    const request = buildRequest(path, {
      form: { "List-Unsubscribe": "One-Click" },
      headers: { "Accept-Language": "en" },
    });
    const done = await call(unsubscribeAction, request, { token: tokenOf(path) });
    expect(statusOf(done)).toBe(200);
    expect(await dataOf(done)).toEqual({ title: "Done", done: true });
    expect(await settingsOf(member.memberId)).toMatchObject({
      crewNews: false,
      weeklyDigest: true,
      sessionReminders: true,
    });
  });

  it("refuses a link altered, forged for another member or kind, or too long: 404 and nothing changes", async () => {
    const member = await verifiedMember();
    const other = await verifiedMember({ email: "other@example.com" });
    const good = tokenOf(unsubscribePath(member.memberId, "sessionReminders"));
    const signature = good.split(".").at(-1)!;
    const forged = [
      `${other.memberId}.sessionReminders.${signature}`,
      `${member.memberId}.weeklyDigest.${signature}`,
      `${member.memberId}.sessionReminders.${signature.slice(1)}x`,
      `${member.memberId}.sessionReminders`,
      `${member.memberId}.everything.${signature}`,
      `not-a-uuid.sessionReminders.${signature}`,
      `${good}.${"x".repeat(300)}`,
    ];
    for (const token of forged) {
      const path = `/unsubscribe/${token}`;
      expect(statusOf(await call(unsubscribeLoader, buildRequest(path), { token }))).toBe(404);
      expect(statusOf(await call(unsubscribeAction, buildRequest(path, { form: {} }), { token }))).toBe(404);
    }
    expect(await settingsOf(member.memberId)).toEqual(DEFAULT_SETTINGS);
    expect(await settingsOf(other.memberId)).toEqual(DEFAULT_SETTINGS);
  });

  it("stops a link once it is older than its lifetime, with a page that says so and nothing changed", async () => {
    const member = await verifiedMember();
    const issued = new Date(Date.now() - (UNSUBSCRIBE_LINK_DAYS + 1) * 24 * 3600_000);
    const old = unsubscribePath(member.memberId, "weeklyDigest", issued);
    const page = await call(unsubscribeLoader, buildRequest(old), { token: tokenOf(old) });
    expect(statusOf(page)).toBe(410);
    expect(await dataOf(page)).toMatchObject({ title: "Ce lien a expiré", kind: null });
    expect(statusOf(await call(unsubscribeAction, buildRequest(old, { form: {} }), { token: tokenOf(old) }))).toBe(410);
    expect(await settingsOf(member.memberId)).toEqual(DEFAULT_SETTINGS);
    // A day inside the lifetime still works.
    const recent = unsubscribePath(member.memberId, "weeklyDigest", new Date(Date.now() - 24 * 3600_000));
    expect(
      statusOf(await call(unsubscribeAction, buildRequest(recent, { form: {} }), { token: tokenOf(recent) })),
    ).toBe(200);
  });

  it("puts List-Unsubscribe and List-Unsubscribe-Post on a notification in both languages, none on a transactional mail (real SMTP server)", async () => {
    const member = await verifiedMember();
    const smtp = await startSmtp();
    servers.push(smtp);
    const vars = {
      firstname: "Marie",
      timeZone: "Europe/Paris",
      due: [{ title: "Appeler Paul", dueDate: "2026-12-02" }],
      moreDue: 0,
      late: [],
      moreLate: 0,
      nextSession: null,
      resume: null,
      surveys: [],
      notification: digestNotification(member.memberId),
    };
    await db().transaction(async (tx) => {
      await queueMail(tx, digestMail("fr", "fr@example.com", vars));
      await queueMail(tx, digestMail("en", "en@example.com", vars));
      await queueMail(
        tx,
        verificationMail("fr", "code@example.com", { firstname: "Marie", code: "123456", link: "/x" }),
      );
    });
    await deliverDueMail(mailRendering, { transport: nodemailer.createTransport(`smtp://127.0.0.1:${smtp.port}`) });
    const raw = (to: string) => smtp.received.find((mail) => mail.to.includes(to))?.raw ?? "";
    const link = `http://localhost:3000${unsubscribePath(member.memberId, "weeklyDigest")}`;
    for (const [to, subject, footer] of [
      ["fr@example.com", "Votre semaine avec Cap", "Se désabonner de ces e-mails en un clic"],
      ["en@example.com", "Your week with Cap", "Unsubscribe from these emails in one click"],
    ]) {
      expect(header(raw(to), "Subject")).toContain(subject.split(" ")[0]);
      expect(header(raw(to), "List-Unsubscribe")).toBe(`<${link}>`);
      expect(header(raw(to), "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      const stored = (await db().select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0];
      expect(stored.subject).toBe(subject);
      expect(stored.text).toContain(`${footer}\n${link}`);
      expect(stored.html).toContain(`href="${link}"`);
    }
    expect(header(raw("code@example.com"), "Subject")).not.toBeNull();
    expect(header(raw("code@example.com"), "List-Unsubscribe")).toBeNull();
    expect(header(raw("code@example.com"), "List-Unsubscribe-Post")).toBeNull();
    expect(raw("code@example.com")).not.toContain("/unsubscribe/");
  });
});
