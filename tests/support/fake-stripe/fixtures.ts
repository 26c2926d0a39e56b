import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type Stripe from "stripe";

/**
 * Stripe's own test fixtures (../shared/stripe/fixtures3.json, from stripe/openapi): the fake
 * answers each object as the fixture of its kind with the fields Cap's request set, so a field
 * Cap reads and the fake forgot is still there, shaped as Stripe shapes it.
 */
const file = [
  process.env.STRIPE_FIXTURES,
  path.resolve("../shared/stripe/fixtures3.json"),
  "/work/shared/stripe/fixtures3.json",
].find((candidate) => candidate && existsSync(candidate));

type Resources = {
  "checkout.session": Stripe.Checkout.Session;
  event: Stripe.Event;
  refund: Stripe.Refund;
  charge: Stripe.Charge;
  dispute: Stripe.Dispute;
};

let resources: Resources | undefined;

export function fixture<K extends keyof Resources>(kind: K): Resources[K] {
  if (!file) throw new Error("fixtures3.json not found: set STRIPE_FIXTURES to its path");
  resources ??= (JSON.parse(readFileSync(file, "utf8")) as { resources: Resources }).resources;
  return structuredClone(resources[kind]);
}
