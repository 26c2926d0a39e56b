import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parse } from "qs";
import Stripe from "stripe";
import { fixture } from "./fixtures";

/**
 * A fake Stripe for tests: the Checkout Session and Refund endpoints Cap calls, answering objects
 * shaped like Stripe's fixtures, a Checkout page that pays with one (native) form, and the events
 * Stripe would send, signed with the endpoint secret (`generateTestHeaderString`) and delivered
 * to `webhookUrl` — or held, to replay, reorder, delay or drop them.
 */
export type FakeStripeOptions = { webhookSecret: string; webhookUrl?: string; port?: number };

export type SignedEvent = { body: string; signature: string; event: Stripe.Event };

export type FakeStripe = {
  url: string;
  close(): Promise<void>;
  /** Lets the process exit while the fake listens (the browser tests' runner). */
  unref(): void;
  /** The sessions Cap made, by id. */
  sessions: Map<string, Stripe.Checkout.Session>;
  refunds: Stripe.Refund[];
  /** Until cleared: requests are refused at the socket ("down") or left unanswered ("slow"). */
  fault: "down" | "slow" | null;
  /** Whether the Checkout page and refunds post their events to webhookUrl (else they are only held). */
  deliver: boolean;
  /** Every event made, in order, signed now. */
  events: SignedEvent[];
  /** The buyer pays on Checkout: the session is complete and paid (`amount` other than asked: a mismatch). */
  pay(sessionId: string, options?: { amount?: number; currency?: string }): SignedEvent;
  /** A refund made in Stripe's dashboard: charge.refunded for the session's payment. */
  refundFromDashboard(sessionId: string): SignedEvent;
  dispute(sessionId: string): SignedEvent;
  /** A Stripe-Signature header for `body`: now, or `at` (seconds since the epoch: an old one), with another secret. */
  sign(body: string, at?: number, secret?: string): string;
  /** Signs an event again (now, or `at` seconds since the epoch: an old signature) and posts it. */
  post(event: SignedEvent, options?: { at?: number; secret?: string }): Promise<number>;
};

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const signer = new Stripe("sk_test_fake");
  const sessions = new Map<string, Stripe.Checkout.Session>();
  const refunds: Stripe.Refund[] = [];
  const events: SignedEvent[] = [];

  function sign(body: string, at = now(), secret = options.webhookSecret) {
    return signer.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: at });
  }

  function makeEvent(type: string, object: object): SignedEvent {
    const event = {
      ...fixture("event"),
      id: id("evt"),
      type,
      created: now(),
      api_version: Stripe.API_VERSION,
      data: { object },
    } as unknown as Stripe.Event;
    const body = JSON.stringify(event);
    const signed = { body, signature: sign(body), event };
    events.push(signed);
    return signed;
  }

  async function post(event: SignedEvent, postOptions: { at?: number; secret?: string } = {}) {
    if (!options.webhookUrl) throw new Error("the fake Stripe has no webhookUrl");
    const answer = await fetch(options.webhookUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Stripe-Signature": sign(event.body, postOptions.at, postOptions.secret),
      },
      body: event.body,
    });
    return answer.status;
  }

  function sessionOf(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    return session;
  }

  function chargeOf(session: Stripe.Checkout.Session, refunded: boolean): Stripe.Charge {
    return {
      ...fixture("charge"),
      id: `ch_for_${session.id}`,
      amount: session.amount_total ?? 0,
      amount_captured: session.amount_total ?? 0,
      amount_refunded: refunded ? (session.amount_total ?? 0) : 0,
      currency: session.currency ?? "eur",
      captured: true,
      paid: true,
      refunded,
      payment_intent: session.payment_intent as string,
    };
  }

  const fake: FakeStripe = {
    url: "",
    sessions,
    refunds,
    events,
    fault: null,
    deliver: true,
    close: () => new Promise((resolve) => server.close(() => resolve())),
    unref: () => server.unref(),
    pay(sessionId, payOptions = {}) {
      const session = sessionOf(sessionId);
      Object.assign(session, {
        status: "complete",
        payment_status: "paid",
        payment_intent: `pi_for_${session.id}`,
        amount_total: payOptions.amount ?? session.amount_total,
        amount_subtotal: payOptions.amount ?? session.amount_subtotal,
        currency: payOptions.currency ?? session.currency,
      });
      return makeEvent("checkout.session.completed", structuredClone(session));
    },
    refundFromDashboard(sessionId) {
      return makeEvent("charge.refunded", chargeOf(sessionOf(sessionId), true));
    },
    dispute(sessionId) {
      const session = sessionOf(sessionId);
      return makeEvent("charge.dispute.created", {
        ...fixture("dispute"),
        id: id("dp"),
        amount: session.amount_total,
        currency: session.currency,
        charge: `ch_for_${session.id}`,
        payment_intent: session.payment_intent,
      });
    },
    post,
    sign,
  };

  async function handle(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = new URL(req.url ?? "/", "http://fake");
    const form = parse(body) as Record<string, unknown>;
    const send = (status: number, json: unknown) =>
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(json));
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const item = (form.line_items as Record<string, Record<string, Record<string, unknown>>>[])[0];
      const amount = Number(item.price_data.unit_amount);
      const sessionId = id("cs");
      const session: Stripe.Checkout.Session = {
        ...fixture("checkout.session"),
        id: sessionId,
        object: "checkout.session",
        created: now(),
        expires_at: now() + 86_400,
        status: "open",
        payment_status: "unpaid",
        payment_intent: null,
        amount_total: amount,
        amount_subtotal: amount,
        currency: String(item.price_data.currency),
        customer_email: String(form.customer_email),
        client_reference_id: String(form.client_reference_id),
        locale: form.locale as Stripe.Checkout.Session.Locale,
        metadata: form.metadata as Record<string, string>,
        success_url: String(form.success_url),
        cancel_url: String(form.cancel_url),
        url: `${fake.url}/pay/${sessionId}`,
      };
      sessions.set(sessionId, session);
      return send(200, session);
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname);
    if (req.method === "GET" && sessionPath) {
      const session = sessions.get(sessionPath[1]);
      return session
        ? send(200, session)
        : send(404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
    }
    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      const session = [...sessions.values()].find((s) => s.payment_intent === form.payment_intent);
      if (!session) return send(404, { error: { type: "invalid_request_error", message: "No such payment_intent" } });
      const refund: Stripe.Refund = {
        ...fixture("refund"),
        id: id("re"),
        amount: session.amount_total ?? 0,
        currency: session.currency ?? "eur",
        charge: `ch_for_${session.id}`,
        payment_intent: session.payment_intent as string,
        metadata: (form.metadata as Record<string, string>) ?? {},
        status: "succeeded",
      };
      refunds.push(refund);
      const event = makeEvent("charge.refunded", chargeOf(session, true));
      if (fake.deliver && options.webhookUrl) await post(event);
      return send(200, refund);
    }
    // Stripe's hosted Checkout page, reduced to one native form: works with JavaScript off.
    const payPath = /^\/pay\/([\w]+)$/.exec(url.pathname);
    if (payPath && sessions.has(payPath[1])) {
      const session = sessionOf(payPath[1]);
      if (req.method === "GET") {
        res
          .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
          .end(
            `<!doctype html><html lang="en"><title>Fake Checkout</title><main><h1>Fake Checkout</h1>` +
              `<p>${(session.amount_total ?? 0) / 100} ${session.currency}</p>` +
              `<form method="post"><button>Pay</button></form><a href="${session.cancel_url}">Cancel</a></main></html>`,
          );
        return;
      }
      const event = fake.pay(session.id);
      if (fake.deliver && options.webhookUrl) await post(event);
      res.writeHead(303, { Location: (session.success_url ?? "").replace("{CHECKOUT_SESSION_ID}", session.id) }).end();
      return;
    }
    send(404, {
      error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method} ${url.pathname})` },
    });
  }

  const server = createServer((req, res) => {
    if (fake.fault === "down") {
      req.socket.destroy();
      return;
    }
    if (fake.fault === "slow") return;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      handle(req, res, Buffer.concat(chunks).toString("utf8")).catch((error: Error) => {
        res
          .writeHead(500, { "Content-Type": "application/json" })
          .end(JSON.stringify({ error: { message: error.message } }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
