import Stripe from "stripe";
import { env } from "~/.server/config/env.server";

/**
 * The Stripe account Cap sells through, or null while STRIPE_SECRET_KEY is unset (nothing is for
 * sale then). `apiBase` sends the client's requests elsewhere than Stripe's API (the tests' fake).
 */
export type PaymentSettings = { secretKey: string; webhookSecret: string; apiBase?: string; timeoutMs: number };

// Long enough for Checkout's page to be made, short enough that a member waiting on a stuck
// Stripe gets the "try again" page before their browser gives up.
const STRIPE_TIMEOUT_MS = 8_000;

let chosen: PaymentSettings | null | undefined;
let client: { settings: PaymentSettings; stripe: Stripe } | undefined;

export function paymentSettings(): PaymentSettings | null {
  if (chosen !== undefined) return chosen;
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: apiBase } = env();
  return secretKey && webhookSecret ? { secretKey, webhookSecret, apiBase, timeoutMs: STRIPE_TIMEOUT_MS } : null;
}

/** Replaces the settings read from the environment (a test's fake Stripe); undefined: back to them. */
export function setPaymentSettings(settings: PaymentSettings | null | undefined) {
  chosen = settings;
  client = undefined;
}

export function paymentsEnabled(): boolean {
  return paymentSettings() !== null;
}

/** The Stripe client for the current settings (callers check paymentsEnabled first). */
export function stripe(): Stripe {
  const settings = paymentSettings();
  if (!settings) throw new Error("payments are off: STRIPE_SECRET_KEY is unset");
  if (client?.settings !== settings) {
    const base = settings.apiBase ? new URL(settings.apiBase) : null;
    client = {
      settings,
      stripe: new Stripe(settings.secretKey, {
        timeout: settings.timeoutMs,
        // A member is waiting: one answer or the "try again" page, no retries behind their back.
        maxNetworkRetries: 0,
        telemetry: false,
        ...(base
          ? {
              host: base.hostname,
              port: base.port || (base.protocol === "https:" ? "443" : "80"),
              protocol: base.protocol === "https:" ? "https" : "http",
            }
          : {}),
      }),
    };
  }
  return client.stripe;
}
