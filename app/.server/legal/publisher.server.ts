import { z } from "zod";
import { recordChange } from "~/.server/audit/audit-log.server";
import { db } from "~/.server/db/client.server";
import { legalPublisher } from "~/.server/db/schema.server";
import type { Actor } from "~/.server/roles/roles.server";
import { PUBLISHER_FIELDS, type PublisherField } from "~/forms/legal-pages";

/**
 * The publisher's (and seller's) details the law asks a French site to show (LCEN art. 6):
 * who runs Cap, how to reach them, who hosts it. The legal notice shows them; a receipt reads the
 * same ones through `publisherDetails()`. A field left blank is shown as still to be completed.
 */
export type PublisherDetails = Record<PublisherField, string>;

export const PUBLISHER_FIELD_MAX = 300;

const field = z.string().trim().max(PUBLISHER_FIELD_MAX, { message: "legal.errors.tooLong" }).default("");

/** The publisher form: each field optional (blank until the operator knows it), bounded. */
export const publisherSchema = z.object(
  Object.fromEntries(PUBLISHER_FIELDS.map((name) => [name, field])) as Record<PublisherField, typeof field>,
);

const blank = Object.fromEntries(PUBLISHER_FIELDS.map((name) => [name, ""])) as PublisherDetails;

/** The details as saved, each field a string ("" while unknown). */
export async function publisherDetails(): Promise<PublisherDetails> {
  const [row] = await db().select({ details: legalPublisher.details }).from(legalPublisher);
  return publisherFrom(row?.details ?? {});
}

/** Details kept elsewhere (a receipt's copy) read back as the fields of today: unknown ones dropped, missing ones "". */
export function publisherFrom(details: Record<string, unknown>): PublisherDetails {
  return { ...blank, ...pick(details) };
}

/** Saves the details an admin typed, audited with what they were before. */
export async function savePublisherDetails(actor: Actor, details: PublisherDetails): Promise<void> {
  const before = await publisherDetails();
  await db().transaction(async (tx) => {
    await tx
      .insert(legalPublisher)
      .values({ details })
      .onConflictDoUpdate({ target: legalPublisher.id, set: { details, updatedAt: new Date() } });
    await recordChange(tx, {
      actorId: actor.memberId,
      subject: { id: null, name: "mentions-legales" },
      action: "legal.publisher.changed",
      before,
      after: details,
    });
  });
}

function pick(details: Record<string, unknown>): Partial<PublisherDetails> {
  return Object.fromEntries(
    PUBLISHER_FIELDS.filter((name) => typeof details[name] === "string").map((name) => [name, details[name]]),
  );
}
