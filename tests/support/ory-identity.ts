import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { COURIER_KEY_HEADER } from "~/.server/accounts/courier.server";
import { setIdentityService } from "~/.server/identity/identity-service.server";
import { createOryIdentity } from "~/.server/identity/ory/adapter.server";
import { type FakeKratos, startFakeKratos } from "./fake-kratos/server";
import { answerOf } from "./http";
import { endpointAt } from "./endpoints";

const courierAction = endpointAt("/api/hooks/ory/courier").action;

/**
 * The Ory pass of the test suite (CAP_TEST_IDENTITY=ory, see tests/run.sh): Cap's identity port on
 * the Ory adapter, talking to a fake Kratos whose courier delivers over HTTP to Cap's own webhook
 * route (/api/hooks/ory/courier, with ORY_COURIER_KEY), so the mails land in the outbox as they do
 * in production. A fresh fake for every test, as the database is emptied for every test.
 */
export function oryPass(): boolean {
  return process.env.CAP_TEST_IDENTITY === "ory";
}

const state = globalThis as typeof globalThis & { __capCourier?: Promise<string>; __capKratos?: FakeKratos };

/** An HTTP door to the webhook route, once per worker: Kratos's courier POSTs there. */
function courierUrl(): Promise<string> {
  state.__capCourier ??= new Promise<string>((resolve) => {
    const server: Server = createServer(async (incoming, outgoing) => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const request = new Request("http://localhost/api/hooks/ory/courier", {
        method: "POST",
        headers: incoming.headers as Record<string, string>,
        body: Buffer.concat(chunks),
      });
      const answer = await answerOf(courierAction({ request, params: {}, context: {} }));
      outgoing.writeHead(answer.status).end(await answer.text());
    });
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`));
    server.unref();
  });
  return state.__capCourier;
}

/** A new fake Kratos, and the identity port on it; the previous one is closed. */
export async function freshKratos(): Promise<FakeKratos> {
  await state.__capKratos?.close();
  const courierKey = process.env.ORY_COURIER_KEY;
  if (!courierKey) throw new Error("the Ory pass needs ORY_COURIER_KEY (tests/run.sh sets it)");
  const fake = await startFakeKratos({
    courierUrl: await courierUrl(),
    courierKey,
    courierKeyHeader: COURIER_KEY_HEADER,
  });
  state.__capKratos = fake;
  setIdentityService(createOryIdentity({ sdkUrl: fake.url, adminUrl: fake.url, timeoutMs: 5_000 }));
  return fake;
}

/** The fake Kratos of the running test (Ory pass only). */
export function currentKratos(): FakeKratos {
  if (!state.__capKratos) throw new Error("no fake Kratos: not the Ory pass");
  return state.__capKratos;
}
