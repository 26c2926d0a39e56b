import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db, type Transaction } from "~/.server/db/client.server";
import { appUsers, mailOutbox } from "~/.server/db/schema.server";
import { EmailTakenError, type Identity, identity } from "~/.server/identity/identity-service.server";
import { codeIn, lastMailTo, linkIn, mailsTo, otherCode } from "../support/accounts";
import { identityClockForward } from "../support/identity-backend";
import { totpCode, wrongTotpCode } from "../support/totp";

/**
 * The identity port's contract, whichever adapter runs: the embedded store in the usual passes,
 * Ory against the fake Kratos in the Ory pass (CAP_TEST_IDENTITY=ory, tests/run.sh). Codes are read
 * from the outbox, where both adapters' mail lands.
 */
const PASSWORD = "Boussole-2024";
const IP = "203.0.113.7";

afterEach(() => {
  vi.useRealTimers();
});

async function insertMember(tx: Transaction, created: Identity) {
  const [row] = await tx
    .insert(appUsers)
    .values({
      identityId: created.id,
      firstname: created.traits.name.first,
      lastname: created.traits.name.last,
      birthDate: "1990-05-14",
      lang: "fr",
    })
    .returning({ id: appUsers.id });
  return row.id;
}

async function registered(email = "marie@example.com", userAgent: string | null = null) {
  const answer = await identity().register(
    { email, password: PASSWORD, name: { first: "Marie", last: "Curie" }, lang: "fr", userAgent },
    insertMember,
  );
  if (!answer.ok) throw new Error(`registration refused: ${answer.error}`);
  return answer;
}

const nothingMore = async () => {};

describe("registration and login", () => {
  it("registers an unverified identity with a session and mails its code; the member row is written alongside", async () => {
    const answer = await registered(" Marie@Example.com ");
    expect(answer.identity.traits).toEqual({ email: "marie@example.com", name: { first: "Marie", last: "Curie" } });
    expect(answer.identity.verifiable_addresses[0]).toMatchObject({ value: "marie@example.com", verified: false });
    const session = await identity().whoami(answer.token);
    expect(session?.identity.id).toBe(answer.identity.id);
    const [member] = await db().select().from(appUsers).where(eq(appUsers.identityId, answer.identity.id));
    expect(member.id).toBe(answer.created);
    expect(codeIn(await lastMailTo("marie@example.com"))).toMatch(/^\d{6}$/);
  });

  it("refuses a taken address, whatever its case, and writes no second member", async () => {
    await registered();
    const again = await identity().register(
      { email: "MARIE@example.com", password: PASSWORD, name: { first: "M", last: "C" }, lang: "fr", userAgent: null },
      insertMember,
    );
    expect(again).toEqual({ ok: false, error: "emailTaken" });
    expect(await db().select().from(appUsers)).toHaveLength(1);
  });

  it("leaves no identity behind when the member row cannot be written", async () => {
    const failing = identity().register(
      { email: "marie@example.com", password: PASSWORD, name: { first: "M", last: "C" }, lang: "fr", userAgent: null },
      async () => {
        throw new Error("member insert failed");
      },
    );
    await expect(failing).rejects.toThrow("member insert failed");
    expect(await identity().findIdByEmail("marie@example.com")).toBeNull();
    expect(await db().select().from(appUsers)).toEqual([]);
  });

  it("logs in with the right password only, the same for an unknown address", async () => {
    const { identity: created } = await registered();
    const session = await identity().login("marie@example.com", PASSWORD, null);
    expect((await identity().whoami(session!.token))?.identity.id).toBe(created.id);
    expect(await identity().login("marie@example.com", "Wrong-password-1", null)).toBeNull();
    expect(await identity().login("nobody@example.com", PASSWORD, null)).toBeNull();
  });

  it("ends a session on logout, once", async () => {
    const { token } = await registered();
    expect(await identity().logout(token)).toBe(true);
    expect(await identity().whoami(token)).toBeNull();
    expect(await identity().logout(token)).toBe(false);
    expect(await identity().whoami("not-a-token")).toBeNull();
  });
});

describe("verification", () => {
  it("verifies the address with the mailed code and runs Cap's part in the same step", async () => {
    const { token, identity: created } = await registered();
    expect(
      await identity().verifyWithCode(
        created.id,
        otherCode(codeIn(await lastMailTo("marie@example.com"))),
        IP,
        nothingMore,
      ),
    ).toEqual({ ok: false, error: "codeInvalid" });
    const seen: string[] = [];
    const outcome = await identity().verifyWithCode(
      created.id,
      codeIn(await lastMailTo("marie@example.com")),
      IP,
      async (tx, verified) => {
        seen.push(verified.address);
        await tx.insert(mailOutbox).values({ to: verified.address, subject: "welcome", text: "", html: "" });
      },
    );
    expect(outcome).toEqual({ ok: true, identityId: created.id, address: "marie@example.com" });
    expect(seen).toEqual(["marie@example.com"]);
    expect((await identity().whoami(token))?.identity.verifiable_addresses[0].verified).toBe(true);
  });

  it("verifies through the mail's one-click link, without a session", async () => {
    const { token } = await registered();
    const link = new URL(linkIn(await lastMailTo("marie@example.com"), "/account_verification"), "http://cap.test");
    const flowId = link.searchParams.get("code_id")!;
    const secret = link.searchParams.get("token")!;
    expect(await identity().verifyWithLink(flowId, secret, IP, nothingMore)).toMatchObject({ ok: true });
    expect((await identity().whoami(token))?.identity.verifiable_addresses[0].verified).toBe(true);
  });

  it("sends a fresh code on request", async () => {
    const { token, identity: created } = await registered();
    const session = await identity().whoami(token);
    await identity().sendVerification(session!.identity, { lang: "en", firstname: "Marie" });
    const mails = await mailsTo("marie@example.com");
    expect(mails).toHaveLength(2);
    expect(await identity().verifyWithCode(created.id, codeIn(mails[1]), IP, nothingMore)).toMatchObject({ ok: true });
  });

  it("takes five tries at a code; then the right code no longer opens", async () => {
    const { identity: created } = await registered();
    const code = codeIn(await lastMailTo("marie@example.com"));
    for (let i = 0; i < 4; i++) {
      expect(await identity().verifyWithCode(created.id, otherCode(code), IP, nothingMore)).toEqual({
        ok: false,
        error: "codeInvalid",
      });
    }
    await identity().verifyWithCode(created.id, otherCode(code), IP, nothingMore);
    expect(await identity().verifyWithCode(created.id, code, IP, nothingMore)).toMatchObject({ ok: false });
  });
});

describe("recovery", () => {
  it("mails a code for a known address; the code sets a new password, ends the other sessions and signs in", async () => {
    const { token: before } = await registered();
    const { flowId } = await identity().startRecovery("Marie@example.com", { lang: "fr", ip: IP });
    expect(await identity().recoveryIsOpen(flowId)).toBe(true);
    const mail = await lastMailTo("marie@example.com");
    expect(linkIn(mail, "/home/new-password-")).toBe(`/home/new-password-${flowId}`);
    expect(await identity().completeRecovery(flowId, otherCode(codeIn(mail)), "Nouveau-2025", { ip: IP })).toEqual({
      ok: false,
      error: "codeInvalid",
    });
    const done = await identity().completeRecovery(flowId, codeIn(mail), "Nouveau-2025", { ip: IP });
    if (!done.ok) throw new Error(done.error);
    const session = await identity().whoami(done.token);
    expect(session?.identity.verifiable_addresses[0].verified).toBe(true);
    expect(await identity().whoami(before)).toBeNull();
    expect(await identity().login("marie@example.com", PASSWORD, null)).toBeNull();
    expect(await identity().login("marie@example.com", "Nouveau-2025", null)).not.toBeNull();
    expect(await identity().recoveryIsOpen(flowId)).toBe(false);
  });

  it("answers an unknown address like a known one, mailing nothing (no account enumeration)", async () => {
    const started = await identity().startRecovery("nobody@example.com", { lang: "fr", ip: IP });
    expect(started.flowId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await identity().recoveryIsOpen(started.flowId)).toBe(true);
    expect(await mailsTo("nobody@example.com")).toEqual([]);
    expect(await identity().completeRecovery(started.flowId, "123456", "Nouveau-2025", { ip: IP })).toEqual({
      ok: false,
      error: "codeInvalid",
    });
  });

  it("closes the flow after 15 minutes", async () => {
    await registered();
    const { flowId } = await identity().startRecovery("marie@example.com", { lang: "fr", ip: IP });
    const code = codeIn(await lastMailTo("marie@example.com"));
    identityClockForward(16 * 60 * 1000);
    expect(await identity().recoveryIsOpen(flowId)).toBe(false);
    expect(await identity().completeRecovery(flowId, code, "Nouveau-2025", { ip: IP })).toMatchObject({ ok: false });
    expect(await identity().recoveryIsOpen("not-a-flow")).toBe(false);
  });
});

describe("password and sessions", () => {
  it("re-authenticates with the member's own password only", async () => {
    const { token, identity: created } = await registered();
    expect(await identity().reauthenticate(token, created, PASSWORD)).toBe(true);
    expect(await identity().reauthenticate(token, created, "Wrong-password-1")).toBe(false);
  });

  it("sets a new password and ends every other session, not this one", async () => {
    const { token, identity: created } = await registered();
    const other = await identity().login("marie@example.com", PASSWORD, null);
    expect(await identity().reauthenticate(token, created, PASSWORD)).toBe(true);
    expect(await identity().setPassword(token, created.id, "Nouveau-2025")).toEqual({ ok: true });
    expect(await identity().whoami(token)).not.toBeNull();
    expect(await identity().whoami(other!.token)).toBeNull();
    expect(await identity().login("marie@example.com", "Nouveau-2025", null)).not.toBeNull();
  });

  it("lists the live sessions, ends one, then all the others", async () => {
    const { token, identity: created } = await registered();
    const second = await identity().login("marie@example.com", PASSWORD, null);
    const third = await identity().login("marie@example.com", PASSWORD, null);
    const current = await identity().whoami(token);
    const { sessions: listed, total } = await identity().listSessions(token, created.id, { limit: 50, offset: 0 });
    // This one first, whichever was seen last.
    expect(listed[0].id).toBe(current!.id);
    expect(listed).toHaveLength(3);
    expect(total).toBe(3);
    const secondPage = await identity().listSessions(token, created.id, { limit: 2, offset: 2 });
    expect(secondPage.total).toBe(3);
    expect(secondPage.sessions.map((session) => session.id)).toEqual([listed[2].id]);
    const secondId = (await identity().whoami(second!.token))!.id;
    expect(await identity().revokeSession(token, created.id, secondId)).toBe(true);
    expect(await identity().whoami(second!.token)).toBeNull();
    expect(await identity().revokeSession(token, created.id, secondId)).toBe(false);
    expect(await identity().revokeSession(token, created.id, "0d5e1f9a-58f4-4c2b-9a55-0f3c1e0b7d11")).toBe(false);
    expect(await identity().revokeOtherSessions(token, created.id)).toBe(1);
    expect(await identity().whoami(third!.token)).toBeNull();
    const left = await identity().listSessions(token, created.id, { limit: 50, offset: 0 });
    expect(left.sessions.map((session) => session.id)).toEqual([current!.id]);
  });

  it("does not let one member end another's session", async () => {
    const marie = await registered();
    const pierre = await registered("pierre@example.com");
    const pierreSession = (await identity().whoami(pierre.token))!.id;
    expect(await identity().revokeSession(marie.token, marie.identity.id, pierreSession)).toBe(false);
    expect(await identity().whoami(pierre.token)).not.toBeNull();
  });
});

describe("look-ups and admin changes", () => {
  it("finds an identity by address, whatever its case", async () => {
    const { identity: created } = await registered();
    expect(await identity().findIdByEmail("MARIE@example.com ")).toBe(created.id);
    expect(await identity().findIdByEmail("nobody@example.com")).toBeNull();
  });

  it("renames the identity", async () => {
    const { token, identity: created } = await registered();
    await identity().setName(created.id, { first: "Maria", last: "Skłodowska" });
    expect((await identity().whoami(token))?.identity.traits.name).toEqual({ first: "Maria", last: "Skłodowska" });
  });

  it("replaces the address (verified), ends the other sessions, and refuses a taken one", async () => {
    const { token, identity: created } = await registered();
    const other = await identity().login("marie@example.com", PASSWORD, null);
    await registered("pierre@example.com");
    await expect(identity().replaceEmail(created.id, "pierre@example.com", token, nothingMore)).rejects.toBeInstanceOf(
      EmailTakenError,
    );
    await identity().replaceEmail(created.id, "marie.curie@example.com", token, nothingMore);
    const session = await identity().whoami(token);
    expect(session?.identity.traits.email).toBe("marie.curie@example.com");
    expect(session?.identity.verifiable_addresses).toMatchObject([
      { value: "marie.curie@example.com", verified: true },
    ]);
    expect(await identity().whoami(other!.token)).toBeNull();
    expect(await identity().login("marie.curie@example.com", PASSWORD, null)).not.toBeNull();
    expect(await identity().findIdByEmail("marie@example.com")).toBeNull();
  });

  it("deletes the identity and its sessions after Cap's records", async () => {
    const { token, identity: created, created: memberId } = await registered();
    await identity().delete(created.id, async (tx) => {
      await tx.delete(appUsers).where(eq(appUsers.id, memberId));
    });
    expect(await identity().whoami(token)).toBeNull();
    expect(await identity().findIdByEmail("marie@example.com")).toBeNull();
    expect(await identity().login("marie@example.com", PASSWORD, null)).toBeNull();
    expect(await db().select().from(appUsers)).toEqual([]);
  });
});

describe("two-factor sign-in", () => {
  const secondFactor = (token: string, identityId: string, method: "totp" | "lookup_secret", code: string) =>
    identity().completeSecondFactor(token, identityId, { method, code });
  const aalOf = async (token: string) => (await identity().whoami(token))?.aal;

  /** A member with an app paired (its first code spent on the pairing) and their recovery codes. */
  async function paired() {
    const member = await registered();
    const setup = await identity().startTotpSetup(member.token, member.identity);
    const confirmed = await identity().confirmTotpSetup(
      member.token,
      member.identity.id,
      setup.flowId,
      totpCode(setup.secret),
    );
    if (!confirmed.ok) throw new Error(`pairing refused: ${confirmed.error}`);
    return { ...member, secret: setup.secret, recoveryCodes: confirmed.recoveryCodes };
  }

  const signIn = async () => (await identity().login("marie@example.com", PASSWORD, null))!.token;

  it("pairs an app with its right code only: the session becomes aal2 and recovery codes come, all distinct", async () => {
    const { token, identity: created } = await registered();
    expect(await aalOf(token)).toBe("aal1");
    const setup = await identity().startTotpSetup(token, created);
    expect(setup.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await identity().confirmTotpSetup(token, created.id, setup.flowId, wrongTotpCode(setup.secret))).toEqual({
      ok: false,
      error: "codeInvalid",
    });
    expect(await aalOf(token)).toBe("aal1");
    const confirmed = await identity().confirmTotpSetup(token, created.id, setup.flowId, totpCode(setup.secret));
    if (!confirmed.ok) throw new Error(confirmed.error);
    // Ten in Cap's embedded store; Kratos makes twelve, and Cap shows what it gives.
    expect(confirmed.recoveryCodes.length).toBeGreaterThanOrEqual(10);
    expect(new Set(confirmed.recoveryCodes).size).toBe(confirmed.recoveryCodes.length);
    expect(await aalOf(token)).toBe("aal2");
    expect(await identity().recoveryCodesLeft(token, created.id)).toBe(confirmed.recoveryCodes.length);
  });

  it("keeps one pairing: a second setup's key replaces the first, and a setup page left open cannot confirm afterwards", async () => {
    const { token, identity: created } = await registered();
    const first = await identity().startTotpSetup(token, created);
    const second = await identity().startTotpSetup(token, created);
    expect(second.secret).not.toBe(first.secret);
    expect(await identity().confirmTotpSetup(token, created.id, second.flowId, totpCode(first.secret))).toEqual({
      ok: false,
      error: "codeInvalid",
    });
    expect(await identity().confirmTotpSetup(token, created.id, second.flowId, totpCode(second.secret))).toMatchObject({
      ok: true,
    });
    expect(
      await identity().confirmTotpSetup(token, created.id, first.flowId, totpCode(first.secret, Date.now(), 1)),
    ).toEqual({ ok: false, error: "codeInvalid" });
  });

  it("asks a fresh sign-in for its second factor: a wrong code is refused, a right one raises it once, never for another session", async () => {
    const { identity: created, secret } = await paired();
    const token = await signIn();
    expect(await aalOf(token)).toBe("aal1");
    expect(await secondFactor(token, created.id, "totp", wrongTotpCode(secret))).toBe(false);
    expect(await aalOf(token)).toBe("aal1");
    // The pairing spent this step's code: the app's next one.
    const code = totpCode(secret, Date.now(), 1);
    expect(await secondFactor(token, created.id, "totp", code)).toBe(true);
    expect(await aalOf(token)).toBe("aal2");
    const other = await signIn();
    expect(await secondFactor(other, created.id, "totp", code)).toBe(false);
    expect(await aalOf(other)).toBe("aal1");
    // Nor the code that confirmed the pairing.
    expect(await secondFactor(other, created.id, "totp", totpCode(secret))).toBe(false);
  });

  it("takes each recovery code once, and counts those left", async () => {
    const { identity: created, recoveryCodes } = await paired();
    const token = await signIn();
    expect(await secondFactor(token, created.id, "lookup_secret", "notacode")).toBe(false);
    expect(await secondFactor(token, created.id, "lookup_secret", recoveryCodes[0])).toBe(true);
    expect(await aalOf(token)).toBe("aal2");
    const other = await signIn();
    expect(await secondFactor(other, created.id, "lookup_secret", recoveryCodes[0])).toBe(false);
    expect(await aalOf(other)).toBe("aal1");
    expect(await identity().recoveryCodesLeft(other, created.id)).toBe(recoveryCodes.length - 1);
  });

  it("regenerates the recovery codes: the new ones open, the old ones no longer", async () => {
    const { token, identity: created, recoveryCodes } = await paired();
    const fresh = await identity().regenerateRecoveryCodes(token, created.id);
    expect(fresh.length).toBeGreaterThanOrEqual(10);
    expect(fresh.filter((code) => recoveryCodes.includes(code))).toEqual([]);
    expect(await identity().recoveryCodesLeft(token, created.id)).toBe(fresh.length);
    const other = await signIn();
    expect(await secondFactor(other, created.id, "lookup_secret", recoveryCodes[1])).toBe(false);
    expect(await secondFactor(other, created.id, "lookup_secret", fresh[0])).toBe(true);
  });

  it("removes the app and every recovery code; an app can be paired again afterwards", async () => {
    const { token, identity: created, secret, recoveryCodes } = await paired();
    await identity().removeSecondFactor(token, created.id);
    expect(await identity().recoveryCodesLeft(token, created.id)).toBe(0);
    const other = await signIn();
    expect(await secondFactor(other, created.id, "totp", totpCode(secret, Date.now(), 1))).toBe(false);
    expect(await secondFactor(other, created.id, "lookup_secret", recoveryCodes[2])).toBe(false);
    expect(await aalOf(other)).toBe("aal1");
    const again = await identity().startTotpSetup(token, created);
    expect(again.secret).not.toBe(secret);
    expect(await identity().confirmTotpSetup(token, created.id, again.flowId, totpCode(again.secret))).toMatchObject({
      ok: true,
    });
  });

  it("lets an operator remove the app and every recovery code without the member's session: every session ends, then Cap's part runs", async () => {
    const { token, identity: created, secret, recoveryCodes } = await paired();
    const raised = await signIn();
    expect(await secondFactor(raised, created.id, "lookup_secret", recoveryCodes[0])).toBe(true);
    let capPart = 0;
    await identity().removeSecondFactorAsOperator(created.id, async () => {
      capPart += 1;
    });
    expect(capPart).toBe(1);
    expect(await identity().whoami(token)).toBeNull();
    expect(await identity().whoami(raised)).toBeNull();
    expect(await identity().countSessions(created.id)).toBe(0);
    const other = await signIn();
    expect(await identity().recoveryCodesLeft(other, created.id)).toBe(0);
    expect(await secondFactor(other, created.id, "totp", totpCode(secret, Date.now(), 1))).toBe(false);
    expect(await secondFactor(other, created.id, "lookup_secret", recoveryCodes[1])).toBe(false);
    // Nothing left to remove (a retry after Cap's part failed): it still ends the sessions and runs Cap's part.
    await identity().removeSecondFactorAsOperator(created.id, async () => {
      capPart += 1;
    });
    expect(capPart).toBe(2);
    expect(await identity().whoami(other)).toBeNull();
  });
});
