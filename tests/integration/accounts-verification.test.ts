import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { whoami } from "~/.server/accounts/members.server";
import { db } from "~/.server/db/client.server";
import { rateLimitEvents } from "~/.server/db/schema.server";
import { mailRendering } from "~/.server/runtime/mail-rendering.server";
import { deliverDueMail } from "~/.server/mail/sender.server";
import { action, loader } from "~/routes/_home.account_verification";
import { loader as commitmentsLoader } from "~/routes/_default.my_commitments/route";
import { codeIn, lastMailTo, linkIn, mailsTo, otherCode, registerMember, type TestMember } from "../support/accounts";
import { startSmtp, type Received } from "../support/smtp";
import { buildRequest, callWith, dataOf, headerOf, statusOf } from "../support/http";
import { identityClockForward } from "../support/identity-backend";

type Reply = { status: string; error?: Record<string, string[] | null> };

function submit(member: TestMember, form: Record<string, string>, path = "/account_verification") {
  return callWith(action, buildRequest(path, { form, cookie: member.cookie }));
}

const verify = (member: TestMember, code: string, path?: string) => submit(member, { intent: "verify", code }, path);

async function isVerified(member: TestMember) {
  return (await whoami(member.token))!.identity.verifiable_addresses[0].verified;
}

/** A real SMTP server for the duration of `use`. */
async function withSmtp<T>(use: (port: number, received: Received[]) => Promise<T>): Promise<T> {
  const smtp = await startSmtp();
  try {
    return await use(smtp.port, smtp.received);
  } finally {
    await smtp.close();
  }
}

/** The decoded text/plain part of a raw message (quoted-printable soft breaks and escapes undone). */
function textPart(raw: string): string {
  const part = raw.split(/\r\n--/).find((chunk) => /Content-Type: text\/plain/i.test(chunk)) ?? "";
  const body = part.slice(part.indexOf("\r\n\r\n") + 4).replace(/=\r\n/g, "");
  return Buffer.from(
    body.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

async function canReachCommitments(member: TestMember) {
  return (
    statusOf(await callWith(commitmentsLoader, buildRequest("/my_commitments", { cookie: member.cookie }))) === 200
  );
}

describe("verification by code", () => {
  it("the code from the email verifies the address and goes on to redirect_after", async () => {
    const member = await registerMember();
    expect(await canReachCommitments(member)).toBe(false);
    const code = codeIn(await lastMailTo(member.email));

    const answer = await verify(member, code, "/account_verification?redirect_after=%2Fmy_commitments");
    expect(statusOf(answer)).toBe(303);
    expect(headerOf(answer, "Location")).toBe("/my_commitments");
    expect(await isVerified(member)).toBe(true);
    expect(await canReachCommitments(member)).toBe(true);
    const address = (await whoami(member.token))!.identity.verifiable_addresses[0];
    expect(address.status).toBe("completed");
    expect(address.verified_at).not.toBeNull();
  });

  it("the code the member receives over SMTP verifies the address", async () => {
    const member = await registerMember({ first: { firstName: "Léa" } });
    const text = await withSmtp(async (port, received) => {
      expect(
        await deliverDueMail(mailRendering, { transport: nodemailer.createTransport(`smtp://127.0.0.1:${port}`) }),
      ).toEqual({
        sent: 1,
        failed: 0,
      });
      expect(received).toHaveLength(1);
      expect(received[0].to).toEqual([member.email]);
      return textPart(received[0].raw);
    });
    expect(text).toMatch(/^Bonjour Léa,/);
    const code = text.match(/^(\d{6})\r?$/m)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(statusOf(await verify(member, code!))).toBe(303);
    expect(await isVerified(member)).toBe(true);
  });

  it("goes to /trainings without redirect_after, and never off-site", async () => {
    const first = await registerMember({ email: "a@example.com" });
    const plain = await verify(first, codeIn(await lastMailTo(first.email)));
    expect(headerOf(plain, "Location")).toBe("/trainings");

    const second = await registerMember({ email: "b@example.com" });
    const evil = await verify(
      second,
      codeIn(await lastMailTo(second.email)),
      "/account_verification?redirect_after=%2F%2Fevil.example",
    );
    expect(headerOf(evil, "Location")).toBe("/trainings");
  });

  it("a wrong code is a 422 field error and verifies nothing", async () => {
    const member = await registerMember();
    const code = codeIn(await lastMailTo(member.email));
    const answer = await verify(member, otherCode(code));
    expect(statusOf(answer)).toBe(422);
    expect((await dataOf<Reply>(answer)).error?.code).toEqual(["errors.codeInvalid"]);
    expect(await isVerified(member)).toBe(false);
  });

  it("a code that is not 6 digits is refused before any check", async () => {
    const member = await registerMember();
    const answer = await verify(member, "12ab");
    expect(statusOf(answer)).toBe(400);
    expect((await dataOf<Reply>(answer)).error?.code).toEqual(["errors.codeInvalid"]);
  });

  it("after 5 wrong tries even the right code fails", async () => {
    const member = await registerMember();
    const code = codeIn(await lastMailTo(member.email));
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(statusOf(await verify(member, otherCode(code))), `attempt ${attempt}`).toBe(422);
    }
    const answer = await verify(member, code);
    expect(statusOf(answer)).toBe(422);
    expect((await dataOf<Reply>(answer)).error?.code).toEqual(["errors.codeExpired"]);
    expect(await isVerified(member)).toBe(false);
  });

  it("an expired code fails", async () => {
    const member = await registerMember();
    const code = codeIn(await lastMailTo(member.email));
    identityClockForward(16 * 60 * 1000);
    const answer = await verify(member, code);
    expect(statusOf(answer)).toBe(422);
    expect((await dataOf<Reply>(answer)).error?.code).toEqual(["errors.codeExpired"]);
    expect(await isVerified(member)).toBe(false);
  });

  it("a verified member posting the code again just moves on", async () => {
    const member = await registerMember();
    const code = codeIn(await lastMailTo(member.email));
    expect(statusOf(await verify(member, code))).toBe(303);
    const again = await verify(member, code);
    expect(statusOf(again)).toBe(303);
    expect(headerOf(again, "Location")).toBe("/trainings");
  });

  it("needs a session: without one the form goes to login", async () => {
    const answer = await callWith(
      action,
      buildRequest("/account_verification", { form: { intent: "verify", code: "123456" } }),
    );
    expect(headerOf(answer, "Location")).toBe("/home/login?redirect_after=%2Faccount_verification");
  });
});

describe("verification by the email's one-click link", () => {
  it("verifies without a session, and the member's session then passes the guard", async () => {
    const member = await registerMember();
    const link = linkIn(await lastMailTo(member.email), "/account_verification");

    const answer = await callWith(loader, buildRequest(link));
    expect(statusOf(answer)).toBe(200);
    expect(await dataOf(answer)).toMatchObject({ linkVerified: true, linkFailed: false, email: null });
    expect(await isVerified(member)).toBe(true);
    expect(await canReachCommitments(member)).toBe(true);
  });

  it("with the member's session, verifies and goes on", async () => {
    const member = await registerMember();
    const link = linkIn(await lastMailTo(member.email), "/account_verification");
    const answer = await callWith(loader, buildRequest(link, { cookie: member.cookie }));
    expect(headerOf(answer, "Location")).toBe("/trainings");
    expect(await isVerified(member)).toBe(true);
  });

  it("a used or tampered link verifies nothing", async () => {
    const member = await registerMember();
    const link = linkIn(await lastMailTo(member.email), "/account_verification");
    const tampered = link.replace(/token=[^&]+/, "token=forged-token");
    const refused = await callWith(loader, buildRequest(tampered, { cookie: member.cookie }));
    expect(await dataOf(refused)).toMatchObject({ linkVerified: false, linkFailed: true });
    expect(await isVerified(member)).toBe(false);

    expect(statusOf(await callWith(loader, buildRequest(link)))).toBe(200);
    const reused = await callWith(loader, buildRequest(link));
    // No session and a spent link: the visitor is asked to log in.
    expect(headerOf(reused, "Location")).toMatch(/^\/home\/login\?redirect_after=/);
  });
});

describe("resending the code", () => {
  it("sends a new code that works while the older one stops working", async () => {
    const member = await registerMember();
    const oldCode = codeIn(await lastMailTo(member.email));
    const answer = await submit(member, { intent: "resend" });
    expect(statusOf(answer)).toBe(200);
    expect(await dataOf(answer)).toEqual({ resent: true, resendRefused: null });
    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(2);
    const newCode = codeIn(mails[1]);
    if (newCode !== oldCode) expect(statusOf(await verify(member, oldCode))).toBe(422);
    expect(statusOf(await verify(member, newCode))).toBe(303);
  });

  it("is refused after 3 within 15 minutes (429), counted in the database", async () => {
    const member = await registerMember();
    for (let resend = 1; resend <= 3; resend++) {
      expect(statusOf(await submit(member, { intent: "resend" })), `resend ${resend}`).toBe(200);
    }
    const refused = await submit(member, { intent: "resend" });
    expect(statusOf(refused)).toBe(429);
    expect(await dataOf(refused)).toEqual({ resent: false, resendRefused: "tooManyResends" });
    expect(await mailsTo(member.email)).toHaveLength(4);
    const events = await db().select().from(rateLimitEvents).where(eq(rateLimitEvents.bucket, "verification-resend"));
    expect(events).toHaveLength(3);

    // Resends older than the window no longer count.
    await db()
      .update(rateLimitEvents)
      .set({ createdAt: new Date(Date.now() - 16 * 60 * 1000) });
    expect(statusOf(await submit(member, { intent: "resend" }))).toBe(200);
  });
});
