import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { identityCredentials, selfServiceCodes, sessions } from "~/.server/db/schema.server";
import { action as loginAction } from "~/routes/_main.home.login";
import { codeIn, cookiePair, lastMailTo, linkIn, PASSWORD, registerMember, tokenOf } from "../support/accounts";
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
