import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, DEFAULT_TIME_ZONE, weekStart } from "~/.server/calendar/days.server";
import { localDay, zonedInstant } from "~/.server/calendar/time-zones.server";
import { openApiDocument } from "~/.server/api/openapi.server";
import { db } from "~/.server/db/client.server";
import { auditEvents, payments, trainings } from "~/.server/db/schema.server";
import { weeklySales } from "~/.server/payments/sales.server";
import { endpoints } from "~/api/endpoints";
import { loader as spaceLoader } from "~/routes/_default.admin/route";
import { loader as paymentsLoader } from "~/routes/_default.admin.payments/route";
import { loader as pricesLoader } from "~/routes/_default.admin.prices/route";
import { namedMember, type TestMember, verifiedMember } from "../support/accounts";
import { endpointAt } from "../support/endpoints";
import { callApi, dataOf, getAs, statusOf } from "../support/http";
import { checkedJson } from "../support/openapi";
import { fakeStripeForFile, PAYABLE, pressBuy, priceTraining } from "../support/payments";
import { adminMember } from "../support/roles";

/**
 * The admin's view of the sales: every payment, a page at a time, by training, member or status,
 * in words; the last twelve weeks' sales (Sunday to Saturday, Paris time) as a chart and a table;
 * a price set through the API with the form's rules; the checkout's 503 and Retry-After in the API.
 */
const stripe = fakeStripeForFile();

type Page = {
  enabled: boolean;
  sales: null | {
    lines: {
      buyer: string;
      training: string;
      status: string;
      amount: string;
      date: string;
      receiptNumber: number | null;
    }[];
    page: { page: number; pages: number; total: number };
    weeks: { start: string; count: number; paid: string; refunded: string; net: string; long: string }[];
    refused: boolean;
  };
};

const pageAs = async (who: TestMember, query = "") =>
  dataOf<Page>(await getAs(paymentsLoader, `/admin/payments${query}`, who));

let sessions = 0;

/** A payment as the fulfilment leaves it, at a chosen time (the weeks are read from these). */
async function paymentOf(
  member: TestMember | null,
  options: {
    buyer?: string;
    email?: string;
    cents?: number;
    status?: "paid" | "refunded" | "disputed" | "pending" | "mismatch";
    paidAt?: Date;
    refundedAt?: Date;
  },
) {
  const [training] = await db().select({ id: trainings.id }).from(trainings).where(eq(trainings.slug, PAYABLE));
  sessions += 1;
  const status = options.status ?? "paid";
  const paidAt = status === "pending" || status === "mismatch" ? null : (options.paidAt ?? new Date());
  await db()
    .insert(payments)
    .values({
      checkoutSessionId: `cs_test_admin_${sessions}`,
      memberId: member?.memberId ?? null,
      trainingId: training.id,
      trainingTitle: "Tenir le cap",
      buyerName: options.buyer ?? "Marie Curie",
      buyerEmail: options.email ?? member?.email ?? "someone@example.com",
      lang: "fr",
      amountCents: options.cents ?? 4_900,
      currency: "eur",
      vatBasisPoints: 2_000,
      status,
      receiptNumber: paidAt ? sessions : null,
      createdAt: paidAt ?? new Date(),
      paidAt,
      refundedAt: options.refundedAt ?? null,
    });
}

/** An instant given as a Paris wall-clock time. */
const paris = (day: string, time: string) => zonedInstant(day, time, DEFAULT_TIME_ZONE) as Date;

describe("the admin's payments page", () => {
  it("is the 404 of an unknown page for a member, as every admin page is, and is linked once Stripe is set", async () => {
    const member = await verifiedMember({ email: "noe@example.com" });
    expect(statusOf(await getAs(paymentsLoader, "/admin/payments", member))).toBe(404);
    expect(statusOf(await getAs(pricesLoader, "/admin/prices", member))).toBe(404);
    const admin = await adminMember();
    expect(await dataOf(await getAs(spaceLoader, "/admin", admin))).toEqual({ payments: true });
    await stripe.withPaymentsOff(async () => {
      expect(await dataOf(await getAs(spaceLoader, "/admin", admin))).toEqual({ payments: false });
      // Nothing was ever sold: the page says payments are not set up, and lists nothing.
      expect(await pageAs(admin)).toMatchObject({ enabled: false, sales: null });
      await paymentOf(null, {});
      expect((await pageAs(admin)).sales?.lines).toHaveLength(1);
    });
  });

  it("lists payments newest first, twenty a page, with the status in words and the amount in euros", async () => {
    const admin = await adminMember();
    for (let index = 0; index < 21; index += 1)
      await paymentOf(null, { buyer: `Buyer ${index}`, paidAt: new Date(Date.now() - (21 - index) * 60_000) });
    const first = await pageAs(admin);
    expect(first.sales?.page).toEqual({ page: 1, pages: 2, total: 21 });
    expect(first.sales?.lines).toHaveLength(20);
    expect(first.sales?.lines[0]).toMatchObject({ buyer: "Buyer 20", status: "paid", amount: "49,00\u00a0€" });
    const second = await pageAs(admin, "?page=2");
    expect(second.sales?.lines.map((line) => line.buyer)).toEqual(["Buyer 0"]);
    // A page past the end is the last one.
    expect((await pageAs(admin, "?page=99")).sales?.page.page).toBe(2);
  });

  it("filters by member (name or address), by training and by status; pending checkouts only when asked", async () => {
    const admin = await adminMember();
    const marie = await namedMember("marie@example.com", "Marie Curie");
    await paymentOf(marie, { buyer: "Marie Curie" });
    await paymentOf(null, {
      buyer: "Noé Martin",
      email: "noe@example.com",
      status: "refunded",
      refundedAt: new Date(),
    });
    await paymentOf(null, { buyer: "Léa Petit", email: "lea@example.com", status: "disputed" });
    await paymentOf(null, { buyer: "Léa Petit", email: "lea@example.com", status: "pending" });
    await paymentOf(null, { buyer: "Paul Roux", email: "paul@example.com", status: "mismatch" });
    const buyers = async (query: string) => (await pageAs(admin, query)).sales?.lines.map((line) => line.buyer).sort();
    expect(await buyers("")).toEqual(["Léa Petit", "Marie Curie", "Noé Martin", "Paul Roux"]);
    expect(await buyers("?person=curie")).toEqual(["Marie Curie"]);
    expect(await buyers("?person=noe%40example")).toEqual(["Noé Martin"]);
    expect(await buyers(`?member=${marie.memberId}`)).toEqual(["Marie Curie"]);
    expect(await buyers("?person=%25")).toEqual([]);
    expect(await buyers("?status=pending")).toEqual(["Léa Petit"]);
    expect(await buyers(`?training=${PAYABLE}&status=refunded`)).toEqual(["Noé Martin"]);
    expect(await buyers("?training=no-such-training")).toHaveLength(4);
    const statuses = (await pageAs(admin)).sales?.lines.map((line) => line.status).sort();
    expect(statuses).toEqual(["disputed", "mismatch", "paid", "refunded"]);
    const refused = await pageAs(admin, `?person=${"x".repeat(201)}`);
    expect(refused.sales?.refused).toBe(true);
  });

  it("sums each of the last twelve weeks, Sunday to Saturday in Paris: paid gross, refunded in the week, net", async () => {
    const admin = await adminMember();
    const thisWeek = weekStart(localDay(new Date(), DEFAULT_TIME_ZONE));
    const lastWeek = addDays(thisWeek, -7);
    // Sunday 00:30 in Paris is still Saturday in UTC: it is this week's.
    await paymentOf(null, { cents: 4_900, paidAt: paris(thisWeek, "00:30") });
    // Saturday 23:30 in Paris: last week's.
    await paymentOf(null, { cents: 2_000, paidAt: paris(addDays(lastWeek, 6), "23:30") });
    // Paid last week, refunded this week: gross last week, refunded this week.
    await paymentOf(null, {
      cents: 1_000,
      status: "refunded",
      paidAt: paris(addDays(lastWeek, 1), "10:00"),
      refundedAt: paris(thisWeek, "01:00"),
    });
    // Twelve weeks ago: out of the chart.
    await paymentOf(null, { cents: 9_900, paidAt: paris(addDays(thisWeek, -7 * 12), "12:00") });
    await paymentOf(null, { status: "pending" });
    const weeks = (await pageAs(admin)).sales?.weeks ?? [];
    expect(weeks).toHaveLength(12);
    expect(weeks[0].start).toBe(addDays(thisWeek, -7 * 11));
    expect(weeks.at(-1)).toMatchObject({
      start: thisWeek,
      count: 1,
      paid: "49,00\u00a0€",
      refunded: "10,00\u00a0€",
      net: "39,00\u00a0€",
    });
    expect(weeks.at(-2)).toMatchObject({ start: lastWeek, count: 2, paid: "30,00\u00a0€", refunded: "0,00\u00a0€" });
    expect(weeks.slice(0, 10).every((week) => week.count === 0)).toBe(true);
    expect(weeks.at(-1)?.long).toMatch(/^Semaine du /);
  });

  it("places weeks by the platform's calendar whatever the day: a Saturday evening and the Sunday after", async () => {
    await paymentOf(null, { cents: 1_500, paidAt: paris("2026-03-07", "23:59") });
    await paymentOf(null, { cents: 2_500, paidAt: paris("2026-03-08", "00:00") });
    const weeks = await weeklySales(paris("2026-03-10", "12:00"));
    expect(weeks.at(-1)).toMatchObject({ start: "2026-03-08", paidCents: 2_500 });
    expect(weeks.at(-2)).toMatchObject({ start: "2026-03-01", paidCents: 1_500 });
  });
});

describe("the price through the API", () => {
  const priceApi = endpointAt("/api/admin/trainings/:training_slug/price").action!;
  const setPrice = (who: TestMember, slug: string, json: unknown) =>
    callApi(priceApi, `/api/admin/trainings/${slug}/price`, who, {
      method: "POST",
      json,
      params: { training_slug: slug },
    });

  it("sets a price with the form's rules, audited, and keeps members out with the API's 404", async () => {
    const admin = await adminMember();
    const set = await setPrice(admin, PAYABLE, { amount_cents: 4_990, vat_basis_points: 550 });
    expect(set.status).toBe(200);
    expect(await checkedJson(set, "/api/admin/trainings/{training_slug}/price", "post")).toEqual({
      training: PAYABLE,
      amount_cents: 4_990,
      vat_basis_points: 550,
      amount: "49,90\u00a0€",
    });
    const page = await dataOf<{ trainings: { slug: string; amount: string; vat: string }[] }>(
      await getAs(pricesLoader, "/admin/prices", admin),
    );
    expect(page.trainings.find((training) => training.slug === PAYABLE)).toMatchObject({
      amount: "49.90",
      vat: "5.50",
    });
    const actions = (await db().select().from(auditEvents)).map((event) => event.action);
    expect(actions).toContain("payment.priced");

    const tooCheap = await setPrice(admin, PAYABLE, { amount_cents: 50, vat_basis_points: 2_000 });
    expect(tooCheap.status).toBe(422);
    expect(
      (await checkedJson(tooCheap, "/api/admin/trainings/{training_slug}/price", "post")).errors.amount_cents,
    ).toEqual(["Un prix entre 1 et 10 000 €, par exemple 49 ou 49,90."]);
    expect((await setPrice(admin, PAYABLE, { amount_cents: 4_900, vat_basis_points: 5_500 })).status).toBe(422);
    expect((await setPrice(admin, PAYABLE, { amount_cents: 49.5, vat_basis_points: 2_000 })).status).toBe(422);
    const free = await setPrice(admin, "j-embarque", { amount_cents: 4_900, vat_basis_points: 2_000 });
    expect(free.status).toBe(404);
    expect((await free.json()).errors.base).toEqual(["Cette formation payante n’existe pas (ou plus)."]);

    const member = await verifiedMember({ email: "noe@example.com" });
    expect((await setPrice(member, PAYABLE, { amount_cents: 100, vat_basis_points: 0 })).status).toBe(404);
    const document = openApiDocument(endpoints) as { paths: Record<string, Record<string, { tags: string[] }>> };
    expect(document.paths["/api/admin/trainings/{training_slug}/price"]?.post?.tags).toEqual(["admin"]);
  });
});

describe("a checkout while Stripe is away, through the API", () => {
  it("answers a translated 503 with Retry-After, down or slow, as the page does, and makes no order", async () => {
    await priceTraining();
    const member = await verifiedMember();
    const checkout = endpointAt("/api/trainings/:training_slug/checkout").action!;
    for (const fault of ["down", "slow"] as const) {
      stripe.current().fault = fault;
      try {
        const answer = await callApi(checkout, `/api/trainings/${PAYABLE}/checkout`, member, {
          method: "POST",
          params: { training_slug: PAYABLE },
        });
        expect(answer.status).toBe(503);
        expect(answer.headers.get("Retry-After")).toBe("60");
        expect((await answer.json()).errors.base).toEqual([
          "Le paiement est indisponible pour le moment. Réessayez dans une minute : rien ne vous a été facturé.",
        ]);
        expect(statusOf(await pressBuy(member))).toBe(503);
      } finally {
        stripe.current().fault = null;
      }
    }
    expect(await db().select().from(payments)).toHaveLength(0);
  });
});
