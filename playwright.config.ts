import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { startMailCatcher } from "./tests/e2e/support/mailbox";
import { startFakeStripe } from "./tests/support/fake-stripe/server";

/**
 * End-to-end tests: the built production server (`npm run build` first; tests/run.sh does it)
 * driven by Debian's chromium, every test with JavaScript on and off (ARCHITECTURE.md, tests/).
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1);
// The fake Stripe (tests/support/fake-stripe) the app's payments go to, posting its webhooks back.
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? port + 2);
const stripeWebhookSecret = "whsec_e2e_fake_stripe";

// One fresh folder per run: the app's DATA_DIR and the caught emails. Workers load this file
// again but inherit the variables, so only the runner process creates the folder, starts the
// mail catcher, and removes the folder on exit.
if (!process.env.CAP_E2E_DATA_DIR) {
  const root = mkdtempSync(path.join(os.tmpdir(), "cap-e2e-"));
  process.env.CAP_E2E_DATA_DIR = path.join(root, "data");
  process.env.CAP_E2E_MAIL_DIR = path.join(root, "mail");
  mkdirSync(process.env.CAP_E2E_DATA_DIR);
  startMailCatcher(process.env.CAP_E2E_MAIL_DIR, smtpPort);
  void startFakeStripe({
    port: stripePort,
    webhookSecret: stripeWebhookSecret,
    webhookUrl: `${baseURL}/api/hooks/stripe`,
  }).then((fake) => fake.unref());
  process.on("exit", () => rmSync(root, { recursive: true, force: true }));
}

const serverEnv: Record<string, string> = {
  NODE_ENV: "production",
  PORT: String(port),
  DATA_DIR: process.env.CAP_E2E_DATA_DIR,
  APP_URL: baseURL,
  // The app sends its real emails to the catcher (tests/e2e/support/mailbox.ts).
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  STRIPE_SECRET_KEY: "sk_test_e2e",
  STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
  STRIPE_API_BASE: `http://127.0.0.1:${stripePort}`,
};
// CI runs the suite a second time against PostgreSQL.
if (process.env.DATABASE_URL) serverEnv.DATABASE_URL = process.env.DATABASE_URL;

const chromium = {
  ...devices["Desktop Chrome"],
  // A French visitor; tests that need another Accept-Language set their own locale.
  locale: "fr-FR",
  launchOptions: {
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: 0,
  // Journeys with four axe checks and eight screenshots take 25–60 s on a loaded 2-core machine.
  timeout: 90_000,
  expect: { timeout: 5_000 },
  reporter: [["list", { printSteps: false }]],
  use: {
    baseURL,
    headless: true,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
  projects: [
    { name: "js-on", use: { ...chromium, javaScriptEnabled: true } },
    // Tests tagged @js-only are about what JavaScript adds: nothing to check without it.
    { name: "js-off", use: { ...chromium, javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  webServer: {
    command: "node build/server.js",
    url: `${baseURL}/healthz`,
    env: serverEnv,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
