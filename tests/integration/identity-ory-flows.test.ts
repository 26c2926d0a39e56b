import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Transaction } from "~/.server/db/client.server";
import { appUsers } from "~/.server/db/schema.server";
import type { Identity } from "~/.server/identity/identity.server";
import { emailOf, findIdByEmail } from "~/.server/identity/ory/admin.server";
import { connectKratos, type Kratos } from "~/.server/identity/ory/kratos.server";
import { login } from "~/.server/identity/ory/login.server";
import { register } from "~/.server/identity/ory/registration.server";
import { listSessions, logout, revokeSession, whoami } from "~/.server/identity/ory/sessions.server";
import { setName } from "~/.server/identity/ory/settings.server";
import { startFakeKratos, type FakeKratos } from "../support/fake-kratos/server";

/**
 * The Ory adapter's flow modules driven one by one against the fake Kratos, without the adapter
 * object: each takes the Kratos client and nothing else (identity-ory.test.ts covers the port).
 */
const PASSWORD = "correct horse battery";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

let fake: FakeKratos;
let kratos: Kratos;

beforeEach(async () => {
  fake = await startFakeKratos();
  kratos = connectKratos({ sdkUrl: fake.url, adminUrl: fake.url, timeoutMs: 2_000 });
});

afterEach(async () => {
  await fake.close();
  fake.assertNoViolations();
});

async function createMember(tx: Transaction, identity: Identity) {
  const [row] = await tx
    .insert(appUsers)
    .values({ identityId: identity.id, firstname: "Ada", lastname: "Lovelace", birthDate: "1990-05-17" })
    .returning({ id: appUsers.id });
  return row.id;
}

async function registered() {
  const input = {
    email: "ada@example.com",
    password: PASSWORD,
    name: { first: "Ada", last: "Lovelace" },
    lang: "fr" as const,
    userAgent: FIREFOX,
  };
  const outcome = await register(kratos, input, createMember);
  if (!outcome.ok) throw new Error(`registration refused: ${outcome.error}`);
  return outcome;
}

describe("the Ory flow modules, each on its own", () => {
  it("signs in, lists and ends sessions", async () => {
    const { token: first, identity } = await registered();
    expect(await login(kratos, "ada@example.com", "wrong password!", null)).toBeNull();
    const second = await login(kratos, " ADA@example.com ", PASSWORD, FIREFOX);
    expect(second).not.toBeNull();

    const devices = await listSessions(kratos, second!.token, { limit: 10, offset: 0 });
    expect(devices.total).toBe(2);
    expect(devices.sessions[0].id).toBe((await whoami(kratos, second!.token))!.id);
    const firstSession = (await whoami(kratos, first))!;
    expect(firstSession.identity.id).toBe(identity.id);
    expect(await revokeSession(kratos, second!.token, firstSession.id)).toBe(true);
    expect(await whoami(kratos, first)).toBeNull();

    expect(await logout(kratos, second!.token)).toBe(true);
    expect(await whoami(kratos, second!.token)).toBeNull();
    expect(await logout(kratos, second!.token)).toBe(false);
  });

  it("looks identities up and renames them through the admin API", async () => {
    const { token, identity } = await registered();
    expect(await findIdByEmail(kratos, " Ada@Example.com")).toBe(identity.id);
    expect(await findIdByEmail(kratos, "nobody@example.com")).toBeNull();
    expect(await emailOf(kratos, identity.id)).toBe("ada@example.com");
    expect(await emailOf(kratos, "not-an-id")).toBeNull();

    await setName(kratos, identity.id, { first: "Augusta", last: "King" });
    expect((await whoami(kratos, token))?.identity.traits.name).toEqual({ first: "Augusta", last: "King" });
  });
});
