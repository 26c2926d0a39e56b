import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Configuration, FrontendApi, IdentityApi } from "@ory/client";
import { isAxiosError } from "axios";
import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { appUsers, identities, identityCredentials, verifiableAddresses } from "~/.server/db/schema.server";
import { issueCode, openCodeAddress } from "~/.server/identity/codes.server";
import { embeddedIdentity } from "~/.server/identity/embedded/adapter.server";
import { identity, setIdentityService } from "~/.server/identity/identity-service.server";
import { hashPassword } from "~/.server/identity/embedded/passwords.server";
import { copyIdentitiesToOry, KratosUnavailableError, type Progress } from "~/.server/identity-migration/to-ory.server";
import { countRecent, recordEvent } from "~/.server/rate-limit/rate-limit.server";
import { PASSWORD, registerMember, verifiedMember } from "../support/accounts";
import { type FakeKratos, startFakeKratos } from "../support/fake-kratos/server";

/**
 * `npm run identities:to-ory`: members registered in the embedded store, copied to a fake Kratos,
 * checked as a member would notice (signing in at Kratos with the old password) and as Cap reads
 * them (app_users pointing at Kratos's ids).
 */

let fake: FakeKratos;
let admin: IdentityApi;

beforeEach(async () => {
  // The members to copy live in the embedded store, whichever adapter this pass of the suite runs.
  setIdentityService(embeddedIdentity);
  fake = await startFakeKratos();
  admin = new IdentityApi(new Configuration({ basePath: fake.url, baseOptions: { maxRedirects: 0 } }));
});

afterEach(async () => {
  setIdentityService(undefined);
  await fake.close();
});

async function copyAll() {
  const progress: Progress[] = [];
  const summary = await copyIdentitiesToOry({ admin, onProgress: (p) => progress.push(p) });
  return { summary, progress, reports: progress.map((p) => p.last) };
}

/** Kratos's session identity id after a native password login, or null when Kratos refuses it. */
async function signInAtKratos(email: string, password: string): Promise<string | null> {
  const frontend = new FrontendApi(new Configuration({ basePath: fake.url, baseOptions: { maxRedirects: 0 } }));
  const flow = await frontend.createNativeLoginFlow();
  try {
    const { data } = await frontend.updateLoginFlow({
      flow: flow.data.id,
      updateLoginFlowBody: { method: "password", identifier: email, password },
    });
    return data.session.identity?.id ?? null;
  } catch (error) {
    if (isAxiosError(error) && error.response?.status === 400) return null;
    throw error;
  }
}

const inKratos = (externalId: string) => fake.identities().find((identity) => identity.external_id === externalId);

async function identityIdOfMember(memberId: string): Promise<string> {
  const [row] = await db().select({ identityId: appUsers.identityId }).from(appUsers).where(eq(appUsers.id, memberId));
  return row.identityId;
}

async function embeddedAddress(identityId: string) {
  const [row] = await db().select().from(verifiableAddresses).where(eq(verifiableAddresses.identityId, identityId));
  return row;
}

const importedBy = (identityId: string, email: string, password: string) =>
  admin.createIdentity({
    createIdentityBody: {
      schema_id: "cap",
      external_id: identityId,
      traits: { email, name: { first: "Marie", last: "Curie" } },
      credentials: { password: { config: { password } } },
    },
  });

describe("copying the embedded identities to Kratos", () => {
  it("lets members sign in at Kratos with their old password, traits and verified state kept", async () => {
    const marie = await verifiedMember({ email: "marie@example.com" });
    const paul = await registerMember({ email: "paul@example.com", first: { firstName: "Paul", lastName: "Martin" } });
    // Marie is changing her email: her code and her email-change mail count survive the move.
    await issueCode(db(), "email_change", "marie.new@example.com", marie.identityId);
    await recordEvent("email-change-mail", marie.identityId);

    const { summary, progress } = await copyAll();

    expect(summary).toEqual({ copied: 2, alreadyThere: 0, conflicts: 0, failed: 0 });
    expect(progress.map((p) => `${p.done}/${p.total}`)).toEqual(["1/2", "2/2"]);
    const marieInKratos = inKratos(marie.identityId);
    const paulInKratos = inKratos(paul.identityId);
    expect(marieInKratos?.traits).toEqual({ email: "marie@example.com", name: { first: "Marie", last: "Curie" } });
    expect(paulInKratos?.traits).toEqual({ email: "paul@example.com", name: { first: "Paul", last: "Martin" } });
    const marieAddress = await embeddedAddress(marie.identityId);
    expect(marieInKratos?.verifiable_addresses).toMatchObject([
      {
        value: "marie@example.com",
        via: "email",
        verified: true,
        status: "completed",
        verified_at: marieAddress.verifiedAt?.toISOString(),
      },
    ]);
    expect(paulInKratos?.verifiable_addresses).toMatchObject([{ value: "paul@example.com", verified: false }]);

    expect(await signInAtKratos("marie@example.com", PASSWORD)).toBe(marieInKratos?.id);
    expect(await signInAtKratos("paul@example.com", PASSWORD)).toBe(paulInKratos?.id);
    expect(await signInAtKratos("marie@example.com", `${PASSWORD}!`)).toBeNull();

    expect(await identityIdOfMember(marie.memberId)).toBe(marieInKratos?.id);
    expect(await identityIdOfMember(paul.memberId)).toBe(paulInKratos?.id);
    const kratosId = String(marieInKratos?.id);
    expect(await openCodeAddress(kratosId, "email_change")).toBe("marie.new@example.com");
    expect(await countRecent("email-change-mail", kratosId, 60_000)).toBe(1);
    // Sessions cannot move: the embedded ones end, members sign in again. The embedded rows stay.
    expect(await identity().whoami(marie.token)).toBeNull();
    expect(await db().select({ id: identities.id }).from(identities)).toHaveLength(2);
    fake.assertNoViolations();
  });

  it("copies nothing and changes nothing when run again", async () => {
    await verifiedMember({ email: "marie@example.com" });
    await registerMember({ email: "paul@example.com" });
    await copyAll();
    const kratosBefore = structuredClone(fake.identities());
    const membersBefore = await db().select().from(appUsers).orderBy(asc(appUsers.id));

    const { summary, reports } = await copyAll();

    expect(summary).toEqual({ copied: 0, alreadyThere: 2, conflicts: 0, failed: 0 });
    expect(reports.map((report) => report.outcome)).toEqual(["alreadyThere", "alreadyThere"]);
    expect(fake.identities()).toEqual(kratosBefore);
    expect(await db().select().from(appUsers).orderBy(asc(appUsers.id))).toEqual(membersBefore);
    fake.assertNoViolations();
  });

  it("reports an email Kratos already gives to another identity as a conflict, and leaves it alone", async () => {
    const marie = await verifiedMember({ email: "marie@example.com" });
    await registerMember({ email: "paul@example.com" });
    const { data: other } = await importedBy("crm-42", "marie@example.com", "Another-secret-99");

    const { summary, reports } = await copyAll();

    expect(summary).toEqual({ copied: 1, alreadyThere: 0, conflicts: 1, failed: 0 });
    expect(reports.find((report) => report.outcome === "conflict")).toEqual({
      outcome: "conflict",
      identityId: marie.identityId,
      email: "marie@example.com",
      reason: expect.stringContaining(other.id),
    });
    expect(await signInAtKratos("marie@example.com", "Another-secret-99")).toBe(other.id);
    expect(await signInAtKratos("marie@example.com", PASSWORD)).toBeNull();
    expect(inKratos("crm-42")?.traits).toEqual(other.traits);
    // Marie stays on the embedded identity, signed in, until someone settles the conflict.
    expect(await identityIdOfMember(marie.memberId)).toBe(marie.identityId);
    expect(await identity().whoami(marie.token)).not.toBeNull();
    expect((await copyAll()).summary).toEqual({ copied: 0, alreadyThere: 1, conflicts: 1, failed: 0 });
    fake.assertNoViolations();
  });

  it("finishes an identity an interrupted run created in Kratos without remapping it", async () => {
    const marie = await verifiedMember({ email: "marie@example.com" });
    const [{ passwordHash }] = await db()
      .select({ passwordHash: identityCredentials.passwordHash })
      .from(identityCredentials)
      .where(eq(identityCredentials.identityId, marie.identityId));
    const { data: created } = await admin.createIdentity({
      createIdentityBody: {
        schema_id: "cap",
        external_id: marie.identityId,
        traits: { email: "marie@example.com", name: { first: "Marie", last: "Curie" } },
        credentials: { password: { config: { hashed_password: passwordHash } } },
      },
    });

    const { summary, reports } = await copyAll();

    expect(summary).toEqual({ copied: 1, alreadyThere: 0, conflicts: 0, failed: 0 });
    expect(reports).toMatchObject([{ outcome: "copied", kratosId: created.id }]);
    expect(fake.identities()).toHaveLength(1);
    expect(await identityIdOfMember(marie.memberId)).toBe(created.id);
    expect(await identity().whoami(marie.token)).toBeNull();
    expect(await signInAtKratos("marie@example.com", PASSWORD)).toBe(created.id);
    expect((await copyAll()).summary).toEqual({ copied: 0, alreadyThere: 1, conflicts: 0, failed: 0 });
    fake.assertNoViolations();
  });

  it("stops when Kratos is down, waits out its rate limit, and the next run carries on", async () => {
    await verifiedMember({ email: "marie@example.com" });
    await registerMember({ email: "paul@example.com" });

    fake.failNext(503);
    await expect(copyAll()).rejects.toBeInstanceOf(KratosUnavailableError);
    expect(fake.identities()).toHaveLength(0);

    fake.failNext(429);
    expect((await copyAll()).summary).toEqual({ copied: 2, alreadyThere: 0, conflicts: 0, failed: 0 });
    fake.assertNoViolations();
  });

  it("pages through the store in id order", async () => {
    const count = 250;
    await insertEmbeddedMembers(count, await hashPassword(PASSWORD));

    const { summary, progress } = await copyAll();

    expect(summary).toEqual({ copied: count, alreadyThere: 0, conflicts: 0, failed: 0 });
    expect(progress.every((p) => p.total === count)).toBe(true);
    const order = progress.map((p) => p.last.identityId);
    expect(order).toEqual([...order].sort());
    expect(new Set(order).size).toBe(count);
    expect(fake.identities()).toHaveLength(count);
    const last = progress.find((p) => p.last.email === "member-249@example.com")?.last;
    expect(await signInAtKratos("member-249@example.com", PASSWORD)).toBe(last?.outcome === "copied" && last.kratosId);
    fake.assertNoViolations();
  });
});

/** Members as the embedded store keeps them, written directly: registering hundreds would take minutes. */
async function insertEmbeddedMembers(count: number, passwordHash: string) {
  const emails = Array.from({ length: count }, (_, i) => `member-${i}@example.com`);
  await db().transaction(async (tx) => {
    const rows = await tx
      .insert(identities)
      .values(emails.map((email, i) => ({ traits: { email, name: { first: "Member", last: String(i) } } })))
      .returning({ id: identities.id, traits: identities.traits });
    await tx.insert(verifiableAddresses).values(rows.map((row) => ({ identityId: row.id, value: row.traits.email })));
    await tx.insert(identityCredentials).values(rows.map((row) => ({ identityId: row.id, passwordHash })));
    await tx.insert(appUsers).values(
      rows.map((row) => ({
        identityId: row.id,
        firstname: "Member",
        lastname: row.traits.name.last,
        birthDate: "1990-01-01",
      })),
    );
  });
}

describe("npm run identities:to-ory", () => {
  /** The command as an operator runs it, on an embedded database of its own. */
  async function run(environment: Record<string, string>) {
    const dataDir = await mkdtemp(path.join(tmpdir(), "cap-to-ory-"));
    try {
      const { DATABASE_URL: _server, ORY_SDK_URL: _sdk, ORY_ADMIN_URL: _admin, ...inherited } = process.env;
      const child = spawn(
        process.execPath,
        ["--import", "tsx", "app/.server/identity-migration/to-ory-command.server.ts"],
        {
          env: {
            ...inherited,
            NODE_ENV: "production",
            DATA_DIR: dataDir,
            SESSION_SECRET: "x".repeat(32),
            ...environment,
          },
        },
      );
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
      return { code, output };
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }

  it("refuses without ORY_SDK_URL, and says when there is nothing to copy", async () => {
    const refused = await run({});
    expect(refused.code).toBe(2);
    expect(refused.output).toContain("ORY_SDK_URL is not set");

    // The server's configuration as a whole is checked, the courier's key with it.
    const empty = await run({ ORY_SDK_URL: fake.url, ORY_COURIER_KEY: "k".repeat(16) });
    expect(empty.code).toBe(0);
    expect(empty.output).toContain("Nothing to do: the embedded store holds no identity.");
    fake.assertNoViolations();
  }, 30_000);
});
