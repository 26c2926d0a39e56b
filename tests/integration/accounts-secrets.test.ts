import { createHash, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "~/.server/db/client.server";
import { identityCredentials, identityTotp, selfServiceCodes, sessions } from "~/.server/db/schema.server";
import { identity, reencryptTotpSecrets } from "~/.server/identity/identity-service.server";
import { isSealedUnderNewest, openTotpSecret, totpKeys } from "~/.server/secrets/totp-key.server";
import { totpCode } from "~/.server/secrets/totp.server";
import { action as loginAction } from "~/routes/_main.home.login";
import {
  codeIn,
  cookiePair,
  lastMailTo,
  linkIn,
  PASSWORD,
  registerMember,
  type TestMember,
  tokenOf,
} from "../support/accounts";
import { buildRequest, callWith } from "../support/http";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** Every row of every table of the public schema, as text. */
async function wholeDatabase(except: string[] = []): Promise<string> {
  const { rows } = (await db().execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as unknown as {
    rows: { tablename: string }[];
  };
  const dumps: string[] = [];
  for (const { tablename } of rows) {
    if (except.includes(tablename)) continue;
    const result = (await db().execute(
      sql.raw(`select row_to_json(t)::text as row from "public"."${tablename}" t`),
    )) as unknown as {
      rows: { row: string }[];
    };
    dumps.push(...result.rows.map((row) => `${tablename}: ${row.row}`));
  }
  return dumps.join("\n");
}

describe("secrets at rest", () => {
  it("passwords are stored as argon2id hashes, salted, never in clear", async () => {
    const first = await registerMember({ email: "a@example.com" });
    const second = await registerMember({ email: "b@example.com" });
    const hashes = await db().select().from(identityCredentials);
    expect(hashes).toHaveLength(2);
    for (const { passwordHash } of hashes) {
      expect(passwordHash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
      expect(passwordHash).not.toContain(PASSWORD);
    }
    // Same password, different salts.
    const byIdentity = new Map(hashes.map((row) => [row.identityId, row.passwordHash]));
    expect(byIdentity.get(first.identityId)).not.toBe(byIdentity.get(second.identityId));
    // Nothing anywhere in the database holds the password.
    expect(await wholeDatabase()).not.toContain(PASSWORD);
  });

  it("session tokens are stored only as their SHA-256", async () => {
    const member = await registerMember();
    const login = await callWith(
      loginAction,
      buildRequest("/home/login", { form: { email: member.email, password: PASSWORD } }),
      {
        context: { clientIp: "192.0.2.1" },
      },
    );
    const tokens = [member.token, await tokenOf(cookiePair(login, "token"))];

    const rows = await db().select().from(sessions).where(eq(sessions.identityId, member.identityId));
    expect(rows.map((row) => row.tokenHash).sort()).toEqual(tokens.map(sha256).sort());
    const everything = await wholeDatabase();
    for (const token of tokens) {
      expect(token.length).toBeGreaterThanOrEqual(40);
      expect(everything).not.toContain(token);
    }
  });

  it("verification codes and link tokens are stored only as their SHA-256 (the email alone carries them)", async () => {
    const member = await registerMember();
    const mail = await lastMailTo(member.email);
    const code = codeIn(mail);
    const linkToken = new URLSearchParams(linkIn(mail, "/account_verification").split("?")[1]).get("token")!;
    const [row] = await db().select().from(selfServiceCodes).where(eq(selfServiceCodes.identityId, member.identityId));
    expect(row.codeHash).toBe(sha256(code));
    expect(row.linkTokenHash).toBe(sha256(linkToken));
    expect(await wholeDatabase(["mail_outbox"])).not.toContain(linkToken);
  });
});

describe("TOTP keys at rest", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A member whose authenticator app is paired: the key it was given. */
  async function paired(member: TestMember): Promise<string> {
    const known = await identity().find(member.identityId);
    const { flowId, secret } = await identity().startTotpSetup(member.token, known!);
    const confirmed = await identity().confirmTotpSetup(member.token, member.identityId, flowId, totpCode(secret));
    expect(confirmed.ok).toBe(true);
    return secret;
  }

  async function stored(member: TestMember): Promise<string> {
    const [row] = await db().select().from(identityTotp).where(eq(identityTotp.identityId, member.identityId));
    return row.secret;
  }

  /** The app's code 30 seconds on (a step not yet used) opens the member's second step. */
  async function signsIn(member: TestMember, secret: string): Promise<boolean> {
    vi.setSystemTime(Date.now() + 30_000);
    return identity().completeSecondFactor(member.token, member.identityId, { method: "totp", code: totpCode(secret) });
  }

  it("are sealed under TOTP_ENCRYPTION_KEYS; one kept in plaintext before still works, and start-up seals it", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const member = await registerMember();
    const secret = await paired(member);
    expect(await stored(member)).not.toContain(secret);
    expect(await wholeDatabase()).not.toContain(secret);
    expect(openTotpSecret(await stored(member), member.identityId)).toBe(secret);

    // A pairing of before encryption: the plain key in its row.
    await db().update(identityTotp).set({ secret }).where(eq(identityTotp.identityId, member.identityId));
    expect(await signsIn(member, secret)).toBe(true);
    expect(await reencryptTotpSecrets(db())).toBe(1);
    expect(await stored(member)).not.toContain(secret);
    expect(await reencryptTotpSecrets(db())).toBe(0);
    expect(await signsIn(member, secret)).toBe(true);
  });

  it("are sealed again under a new key put first, the old one opening them until then", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const member = await registerMember();
    const secret = await paired(member);
    const rotated = [randomBytes(32), ...totpKeys()];
    expect(openTotpSecret(await stored(member), member.identityId, rotated)).toBe(secret);
    expect(await reencryptTotpSecrets(db(), rotated)).toBe(1);
    const after = await stored(member);
    expect(isSealedUnderNewest(after, rotated)).toBe(true);
    expect(openTotpSecret(after, member.identityId, rotated.slice(0, 1))).toBe(secret);
    // The list of before, without the new key, opens nothing sealed since.
    expect(() => openTotpSecret(after, member.identityId, totpKeys())).toThrow(/TOTP_ENCRYPTION_KEYS/);
  });
});
