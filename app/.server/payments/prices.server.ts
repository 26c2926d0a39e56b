import { and, asc, eq } from "drizzle-orm";
import { recordChange } from "~/.server/audit/audit-log.server";
import { db, type Executor } from "~/.server/db/client.server";
import { trainingPrices, trainings } from "~/.server/db/schema.server";
import type { Actor } from "~/.server/roles/roles.server";
import type { Language } from "~/i18n/config";
import { sellerOnSale } from "./seller.server";
import { paymentsEnabled } from "./stripe.server";

/** A payable training's price, all taxes included, and the VAT rate in hundredths of a percent. */
export type Price = { amountCents: number; vatBasisPoints: number };

export async function priceOf(executor: Executor, trainingId: string): Promise<Price | null> {
  const [row] = await executor
    .select({ amountCents: trainingPrices.amountCents, vatBasisPoints: trainingPrices.vatBasisPoints })
    .from(trainingPrices)
    .where(eq(trainingPrices.trainingId, trainingId));
  return row ?? null;
}

export type PricedTraining = { slug: string; title: string; archived: boolean; price: Price | null };

/** Every payable training with its price (none yet: null), in the catalogue's order. */
export async function payableTrainings(lang: Language): Promise<PricedTraining[]> {
  const rows = await db()
    .select({
      slug: trainings.slug,
      content: trainings.content,
      archived: trainings.archived,
      amountCents: trainingPrices.amountCents,
      vatBasisPoints: trainingPrices.vatBasisPoints,
    })
    .from(trainings)
    .leftJoin(trainingPrices, eq(trainingPrices.trainingId, trainings.id))
    .where(eq(trainings.access, "payable"))
    .orderBy(asc(trainings.position));
  return rows.map((row) => ({
    slug: row.slug,
    title: row.content.title[lang],
    archived: row.archived,
    price:
      row.amountCents === null || row.vatBasisPoints === null
        ? null
        : { amountCents: row.amountCents, vatBasisPoints: row.vatBasisPoints },
  }));
}

/**
 * An admin sets a payable training's price, audited with the one before. Orders keep the amount
 * they were made at: a new price changes only the checkouts to come.
 */
export async function setPrice(
  actor: Actor,
  slug: string,
  price: Price,
): Promise<{ ok: true } | { ok: false; error: "noTraining" }> {
  return db().transaction(async (tx) => {
    const [training] = await tx
      .select({ id: trainings.id, slug: trainings.slug })
      .from(trainings)
      .where(and(eq(trainings.slug, slug), eq(trainings.access, "payable")));
    if (!training) return { ok: false, error: "noTraining" } as const;
    const before = await priceOf(tx, training.id);
    await tx
      .insert(trainingPrices)
      .values({ trainingId: training.id, ...price })
      .onConflictDoUpdate({ target: trainingPrices.trainingId, set: { ...price, updatedAt: new Date() } });
    await recordChange(tx, {
      actorId: actor.memberId,
      subject: { id: null, name: training.slug },
      action: "payment.priced",
      before: before ? { training: training.slug, ...before } : null,
      after: { training: training.slug, ...price },
    });
    return { ok: true } as const;
  });
}

/**
 * The price a member may buy a training at: set, payments on, the seller's details a receipt
 * needs filled in, the training locked and in the catalogue.
 */
export async function offerOf(training: { id: string; unlocked: boolean; archived: boolean }): Promise<Price | null> {
  if (!paymentsEnabled() || training.unlocked || training.archived) return null;
  if (!(await sellerOnSale())) return null;
  return priceOf(db(), training.id);
}
