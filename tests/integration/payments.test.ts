import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { auditEvents, entitlements, payments, trainings } from "~/.server/db/schema.server";
import { loader as receiptLoader } from "~/routes/_default.receipts.$number";
import { loader as paidLoader } from "~/routes/_default.training.$training_slug.paid";
import { loader as trainingLoader } from "~/routes/_default.training.$training_slug._index";
import { mailsTo, namedMember, verifiedMember, type TestMember } from "../support/accounts";
import { endpointAt } from "../support/endpoints";
import type { SignedEvent } from "../support/fake-stripe/server";
import { answerOf, buildRequest, callApi, dataOf, getAs, headerOf, statusOf } from "../support/http";
import { adminMember } from "../support/roles";
import { action as pricesAction, loader as pricesLoader } from "~/routes/_default.admin.prices/route";
import { action as memberAction } from "~/routes/_default.admin.members.$id/route";
import { postAs } from "../support/http";
import {
  fakeStripeForFile,
  PAYABLE,
  pressBuy,
  priceTraining,
  SELLER,
  saveSeller,
  startBuying,
} from "../support/payments";

/**
 * Buying a payable training through Stripe Checkout (a fake Stripe): the checkout, fulfilment
 * exactly once whichever of the webhook and the member's return comes first, receipts numbered
 * in one unbroken sequence, and each fault a member or Stripe can cause.
 */
const stripe = fakeStripeForFile();
const webhook = endpointAt("/api/hooks/stripe").action;

function deliver(event: SignedEvent, options: { at?: number; secret?: string } = {}) {
  return answerOf(
    webhook({
      request: buildRequest("/api/hooks/stripe", {
        method: "POST",
        headers: {
          "Stripe-Signature": stripe.current().sign(event.body, options.at, options.secret),
          "Content-Type": "application/json",
        },
        body: event.body,
      }),
      params: {},
      context: {},
    }),
  );
}

function comeBack(member: TestMember, sessionId: string) {
  return getAs(paidLoader, `/training/${PAYABLE}/paid?session_id=${sessionId}`, member, { training_slug: PAYABLE });
}

async function isOpen(member: TestMember) {
  const [training] = await db().select({ id: trainings.id }).from(trainings).where(eq(trainings.slug, PAYABLE));
  const rows = await db()
    .select()
    .from(entitlements)
    .where(and(eq(entitlements.memberId, member.memberId), eq(entitlements.trainingId, training.id)));
  return rows.length === 1;
}

const receiptMails = async (member: TestMember) =>
  (await mailsTo(member.email)).filter((mail) => mail.template === "paymentReceipt");

const orders = () => db().select().from(payments);

const pageOf = async (member: TestMember, slug = PAYABLE) =>
  dataOf<{ offer: string | null; receipt: number | null }>(
    await getAs(trainingLoader, `/training/${slug}`, member, { training_slug: slug }),
  );

describe("buying a payable training", () => {
  it("offers nothing to buy while Stripe is not set up, and refuses a checkout", async () => {
    await priceTraining();
    const member = await verifiedMember();
    await stripe.withPaymentsOff(async () => {
      expect((await pageOf(member)).offer).toBeNull();
      expect(statusOf(await pressBuy(member))).toBe(409);
    });
    expect(await orders()).toHaveLength(0);
  });

  it("offers a locked training at its price and sends the member to Checkout with a 303", async () => {
    await priceTraining();
    const member = await verifiedMember();
    expect((await pageOf(member)).offer).toBe("49,00\u00a0€");
    const answer = await pressBuy(member);
    expect(statusOf(answer)).toBe(303);
    expect(headerOf(answer, "Location")).toMatch(new RegExp(`^${stripe.current().url}/pay/cs_test_`));
    const session = [...stripe.current().sessions.values()].at(-1)!;
    expect(session.customer_email).toBe(member.email);
    expect(session.locale).toBe("fr");
    expect(session.amount_total).toBe(4_900);
    expect(session.success_url).toMatch(/\/training\/tenir-le-cap\/paid\?session_id=\{CHECKOUT_SESSION_ID\}$/);
    expect(session.cancel_url).toMatch(/\/training\/tenir-le-cap$/);
    // A cancelled checkout: nothing opened, the training still for sale.
    expect(await isOpen(member)).toBe(false);
    expect((await pageOf(member)).offer).not.toBeNull();
  });

  it("opens the training once on the webhook, however often and late it comes, with one receipt", async () => {
    await priceTraining();
    const member = await namedMember("marie@example.com", "Marie Curie");
    const session = await startBuying(stripe.current(), member);
    const paid = stripe.current().pay(session.id);
    expect((await deliver(paid)).status).toBe(204);
    expect((await deliver(paid)).status).toBe(204);
    expect(await isOpen(member)).toBe(true);
    const [order] = await orders();
    expect(order).toMatchObject({ status: "paid", receiptNumber: 1, amountCents: 4_900 });
    const mails = await receiptMails(member);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("1");
    expect(mails[0].text).toContain("49,00");
    // Back on the success URL afterwards: the training, open, with its receipt.
    const back = await comeBack(member, session.id);
    expect(headerOf(back, "Location")).toBe(`/training/${PAYABLE}?receipt=1`);
    expect((await pageOf(member)).offer).toBeNull();
  });

  it("opens it on the member's return when the webhook has not come, and the late webhook changes nothing", async () => {
    await priceTraining();
    const member = await verifiedMember();
    const session = await startBuying(stripe.current(), member);
    const paid = stripe.current().pay(session.id);
    expect(headerOf(await comeBack(member, session.id), "Location")).toBe(`/training/${PAYABLE}?receipt=1`);
    expect(await isOpen(member)).toBe(true);
    expect((await deliver(paid)).status).toBe(204);
    expect(await receiptMails(member)).toHaveLength(1);
  });

  it("uses exactly one receipt number when the webhook and the return race", async () => {
    await priceTraining();
    const member = await verifiedMember();
    const session = await startBuying(stripe.current(), member);
    const paid = stripe.current().pay(session.id);
    await Promise.all([deliver(paid), comeBack(member, session.id), deliver(paid), comeBack(member, session.id)]);
    expect((await orders()).map((order) => order.receiptNumber)).toEqual([1]);
    expect(await receiptMails(member)).toHaveLength(1);
    // The next sale takes the next number: the sequence has no gap.
    const other = await verifiedMember({ email: "noe@example.com" });
    const second = await startBuying(stripe.current(), other);
    await deliver(stripe.current().pay(second.id));
    expect((await orders()).map((order) => order.receiptNumber).sort()).toEqual([1, 2]);
  });

  it("says the payment is being confirmed while Stripe has not taken it", async () => {
    await priceTraining();
    const member = await verifiedMember();
    const session = await startBuying(stripe.current(), member);
    const answer = await comeBack(member, session.id);
    expect(statusOf(answer)).toBe(200);
    expect((await dataOf<{ title: string }>(answer)).title).toBe("Paiement reçu, ouverture en cours");
    expect(await isOpen(member)).toBe(false);
    // Someone else's session, or a made-up one: nothing to see.
    const other = await verifiedMember({ email: "noe@example.com" });
    expect(statusOf(await comeBack(other, session.id))).toBe(404);
    expect(statusOf(await comeBack(member, "cs_test_made_up"))).toBe(404);
  });

  it("refuses a bad or old signature with 400, changing nothing", async () => {
    await priceTraining();
    const member = await verifiedMember();
    const session = await startBuying(stripe.current(), member);
    const paid = stripe.current().pay(session.id);
    expect((await deliver(paid, { secret: "whsec_someone_else" })).status).toBe(400);
    expect((await deliver(paid, { at: Math.floor(Date.now() / 1000) - 3_600 })).status).toBe(400);
    expect(await isOpen(member)).toBe(false);
    expect((await orders())[0].status).toBe("pending");
  });

  it("opens nothing and tells the admins when the amount paid is not the order's", async () => {
    await priceTraining();
    const member = await verifiedMember();
    const session = await startBuying(stripe.current(), member);
    expect((await deliver(stripe.current().pay(session.id, { amount: 100 }))).status).toBe(204);
    expect(await isOpen(member)).toBe(false);
    expect((await orders())[0]).toMatchObject({ status: "mismatch", receiptNumber: null });
    const flags = await db().select().from(auditEvents).where(eq(auditEvents.action, "payment.flagged"));
    expect(flags).toHaveLength(1);
    expect(await receiptMails(member)).toHaveLength(0);
  });

  it("keeps the price an order was made at when the admin changes it", async () => {
    await priceTraining(4_900);
    const member = await verifiedMember();
    const session = await startBuying(stripe.current(), member);
    await priceTraining(9_900);
    await deliver(stripe.current().pay(session.id));
    expect((await orders())[0]).toMatchObject({ status: "paid", amountCents: 4_900 });
  });

  it("refuses a free training, one already open and one retired, with a message", async () => {
    await priceTraining();
    const member = await verifiedMember();
    expect(statusOf(await pressBuy(member, "j-embarque"))).toBe(409);
    const session = await startBuying(stripe.current(), member);
    await deliver(stripe.current().pay(session.id));
    const again = await pressBuy(member);
    expect(statusOf(again)).toBe(409);
    expect(JSON.stringify(await dataOf(again))).toContain("payments.errors.alreadyOpen");
    await db().update(trainings).set({ archived: true }).where(eq(trainings.slug, PAYABLE));
    try {
      const other = await verifiedMember({ email: "noe@example.com" });
      expect(JSON.stringify(await dataOf(await pressBuy(other)))).toContain("payments.errors.retired");
    } finally {
      await db().update(trainings).set({ archived: false }).where(eq(trainings.slug, PAYABLE));
    }
    expect(await orders()).toHaveLength(1);
  });

  it("answers 503 with Retry-After and makes no order while Stripe is down or slow", async () => {
    await priceTraining();
    const member = await verifiedMember();
    for (const fault of ["down", "slow"] as const) {
      stripe.current().fault = fault;
      try {
        const answer = await pressBuy(member);
        expect(statusOf(answer)).toBe(503);
        expect(headerOf(answer, "Retry-After")).toBe("60");
      } finally {
        stripe.current().fault = null;
      }
    }
    expect(await orders()).toHaveLength(0);
  });

  it("shows the receipt to its buyer only: seller, buyer, training, price with VAT, number", async () => {
    await priceTraining();
    const member = await namedMember("marie@example.com", "Marie Curie");
    const session = await startBuying(stripe.current(), member);
    await deliver(stripe.current().pay(session.id));
    const answer = await getAs(receiptLoader, "/receipts/1", member, { number: "1" });
    const { receipt } = await dataOf<{ receipt: Record<string, unknown> }>(answer);
    expect(receipt).toMatchObject({
      number: 1,
      buyer: { name: "Marie Curie", email: "marie@example.com" },
      total: "49,00\u00a0€",
      vat: "8,17\u00a0€",
      net: "40,83\u00a0€",
    });
    const other = await verifiedMember({ email: "noe@example.com" });
    expect(statusOf(await getAs(receiptLoader, "/receipts/1", other, { number: "1" }))).toBe(404);
    // A number that is no receipt's, however it is written: the same 404, never a failed query.
    for (const number of ["0", "01", "-1", "1.5", "abc", "1e0", "9999999999", "99999999999999999999"]) {
      expect(statusOf(await getAs(receiptLoader, `/receipts/${number}`, member, { number })), number).toBe(404);
    }
  });

  it("sells nothing until the seller's details a receipt states are in, and the prices page says which are missing", async () => {
    await priceTraining();
    await saveSeller({ vatNumber: "", headOffice: " " });
    const admin = await adminMember();
    const member = await verifiedMember();
    const sessionsBefore = stripe.current().sessions.size;
    expect((await pageOf(member)).offer).toBeNull();
    expect(statusOf(await pressBuy(member))).toBe(409);
    expect(stripe.current().sessions.size).toBe(sessionsBefore);
    expect(await orders()).toHaveLength(0);
    const prices = async () => dataOf<{ sellerGaps: string[] }>(await getAs(pricesLoader, "/admin/prices", admin));
    expect((await prices()).sellerGaps).toEqual(["Siège social", "TVA intracommunautaire"]);
    await saveSeller();
    expect((await prices()).sellerGaps).toEqual([]);
    expect((await pageOf(member)).offer).toBe("49,00\u00a0€");
    // Without Stripe the page keeps quiet about the seller: nothing is sold either way.
    await saveSeller({ vatNumber: "" });
    expect((await stripe.withPaymentsOff(prices)).sellerGaps).toEqual([]);
  });

  it("keeps on a receipt, page and mail, the seller as it was when paid", async () => {
    await priceTraining();
    const member = await namedMember("marie@example.com", "Marie Curie");
    await deliver(stripe.current().pay((await startBuying(stripe.current(), member)).id));
    await saveSeller({ companyName: "Cap Conseil", headOffice: "3 quai Perrache, 69002 Lyon" });
    const { receipt, seller } = await dataOf<{ receipt: unknown; seller: string[] }>(
      await getAs(receiptLoader, "/receipts/1", member, { number: "1" }),
    );
    expect(seller).toEqual(Object.values(SELLER));
    expect(receipt).toMatchObject({ seller: SELLER });
    const [mail] = await receiptMails(member);
    expect(mail.text).toContain(`Vendu par : ${Object.values(SELLER).join(", ")}`);
  });

  it("reads a receipt through the API: the buyer's own, any for an admin, 404 for anyone else", async () => {
    await priceTraining();
    const member = await namedMember("marie@example.com", "Marie Curie");
    await deliver(stripe.current().pay((await startBuying(stripe.current(), member)).id));
    const read = endpointAt("/api/receipts/:number").loader;
    const get = (who: TestMember, number: string) =>
      callApi(read, `/api/receipts/${number}`, who, { params: { number } });
    const own = await get(member, "1");
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({
      receipt: { number: 1, seller: SELLER, buyer: { name: "Marie Curie" }, total: "49,00\u00a0€", refunded: false },
    });
    expect((await get(await adminMember(), "1")).status).toBe(200);
    const stranger = await get(await verifiedMember({ email: "noe@example.com" }), "1");
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ errors: { base: ["Aucun de vos reçus ne porte ce numéro."] } });
    for (const number of ["2", "0", "1e0", "abc", "9999999999"])
      expect((await get(member, number)).status, number).toBe(404);
  });

  it("closes the training on a refund from Stripe's dashboard, keeps the receipt number, tells the member", async () => {
    await priceTraining();
    const member = await verifiedMember();
    const session = await startBuying(stripe.current(), member);
    await deliver(stripe.current().pay(session.id));
    const refunded = stripe.current().refundFromDashboard(session.id);
    expect((await deliver(refunded)).status).toBe(204);
    expect((await deliver(refunded)).status).toBe(204);
    expect(await isOpen(member)).toBe(false);
    expect((await orders())[0]).toMatchObject({ status: "refunded", receiptNumber: 1 });
    expect((await mailsTo(member.email)).filter((mail) => mail.template === "paymentRefund")).toHaveLength(1);
  });

  it("lets an admin set a price, refusing a mistyped one and keeping members out", async () => {
    await saveSeller();
    const admin = await adminMember();
    const member = await verifiedMember({ email: "noe@example.com" });
    const post = (who: TestMember, form: Record<string, string>) => postAs(pricesAction, "/admin/prices", who, form);
    expect(statusOf(await post(admin, { training: PAYABLE, amount: "49,90", vat: "5,5" }))).toBe(303);
    expect(statusOf(await post(admin, { training: PAYABLE, amount: "0,50", vat: "20" }))).toBe(400);
    expect(statusOf(await post(admin, { training: PAYABLE, amount: "49", vat: "55" }))).toBe(400);
    expect(statusOf(await post(admin, { training: "j-embarque", amount: "49", vat: "20" }))).toBe(404);
    expect(statusOf(await post(member, { training: PAYABLE, amount: "1", vat: "0" }))).toBe(404);
    const page = await dataOf<{ trainings: { slug: string; amount: string; vat: string }[] }>(
      await getAs(pricesLoader, "/admin/prices", admin),
    );
    expect(page.trainings.find((training) => training.slug === PAYABLE)).toMatchObject({
      amount: "49.90",
      vat: "5.50",
    });
    expect((await pageOf(member)).offer).toBe("49,90\u00a0€");
  });

  it("refunds from the member's page with a reason: access goes when Stripe confirms, audited", async () => {
    await priceTraining();
    const admin = await adminMember();
    const member = await verifiedMember({ email: "noe@example.com" });
    const session = await startBuying(stripe.current(), member);
    await deliver(stripe.current().pay(session.id));
    const refund = (form: Record<string, string>) =>
      postAs(
        memberAction,
        `/admin/members/${member.memberId}`,
        admin,
        { intent: "refund", ...form },
        { id: member.memberId },
      );
    expect(statusOf(await refund({ session: session.id, reason: "" }))).toBe(400);
    expect(statusOf(await refund({ session: "cs_test_other", reason: "Asked by mail" }))).toBe(404);
    expect(statusOf(await refund({ session: session.id, reason: "Asked by mail" }))).toBe(303);
    expect(stripe.current().refunds).toHaveLength(1);
    expect(await isOpen(member)).toBe(true);
    await deliver(stripe.current().events.at(-1)!);
    expect(await isOpen(member)).toBe(false);
    const actions = (await db().select().from(auditEvents)).map((event) => event.action);
    expect(actions).toEqual(expect.arrayContaining(["payment.refundAsked", "payment.refunded"]));
    expect(statusOf(await refund({ session: session.id, reason: "Again" }))).toBe(409);
  });

  it("starts a checkout and lists the member's payments through the API", async () => {
    await priceTraining();
    const member = await verifiedMember();
    const checkout = endpointAt("/api/trainings/:training_slug/checkout").action;
    const started = await callApi(checkout, `/api/trainings/${PAYABLE}/checkout`, member, {
      method: "POST",
      params: { training_slug: PAYABLE },
    });
    expect(started.status).toBe(201);
    const { url } = (await started.json()) as { url: string };
    const sessionId = /\/pay\/(cs_\w+)$/.exec(url)![1];
    await deliver(stripe.current().pay(sessionId));
    const again = await callApi(checkout, `/api/trainings/${PAYABLE}/checkout`, member, {
      method: "POST",
      params: { training_slug: PAYABLE },
    });
    expect(again.status).toBe(409);
    const listed = await callApi(endpointAt("/api/payments").loader, "/api/payments", member);
    expect(await listed.json()).toMatchObject({
      payments: [{ receiptNumber: 1, status: "paid", amountCents: 4_900, receiptPath: "/receipts/1" }],
    });
  });
});
