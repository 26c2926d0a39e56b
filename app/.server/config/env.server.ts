import { createPrivateKey, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";

/**
 * The environment, read and validated once. A bad value stops start-up with a message naming the
 * variable and what it expects (see ARCHITECTURE.md, "Configuration").
 */
const optionalUrl = (protocols: string[], expected: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine(
      (value) => {
        if (value === undefined) return true;
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: expected },
    );

/** A setting left unset when blank, else matching `pattern`. */
const optionalMatch = (pattern: RegExp, expected: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || pattern.test(value), { message: expected });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ invalid_type_error: "a port number" })
    .int("a whole port number")
    .min(1, "a port between 1 and 65535")
    .max(65535, "a port between 1 and 65535")
    .default(3000),
  APP_URL: optionalUrl(["http:", "https:"], "an http(s) URL such as https://cap.example"),
  DATABASE_URL: optionalUrl(
    ["postgres:", "postgresql:"],
    "a PostgreSQL URL such as postgres://user@host:5432/cap (leave it unset for the embedded database)",
  ),
  // Behind PgBouncer in transaction mode, the start-up's migrations and their advisory lock need a
  // session of their own: a direct connection to PostgreSQL (docs/operations.md, "PgBouncer").
  DATABASE_DIRECT_URL: optionalUrl(
    ["postgres:", "postgresql:"],
    "a PostgreSQL URL straight to the server, not through PgBouncer (leave it unset to migrate over DATABASE_URL)",
  ),
  DATA_DIR: z.string().trim().min(1, "a folder path").default("data"),
  SESSION_SECRET: z
    .string()
    .min(32, "at least 32 characters (leave it unset to generate one under DATA_DIR)")
    .optional(),
  // The keys TOTP secrets are encrypted under at rest (secrets/totp-key.server.ts): the first seals,
  // every one opens (a rotation puts the new key first). Unset: one generated under DATA_DIR.
  TOTP_ENCRYPTION_KEYS: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.split(",").map((key) => key.trim().toLowerCase()) : undefined))
    .refine((keys) => keys === undefined || keys.every((key) => /^[0-9a-f]{64}$/.test(key)), {
      message:
        "keys of 64 hexadecimal digits (openssl rand -hex 32), the newest first, separated by commas (leave it unset to generate one under DATA_DIR)",
    }),
  SMTP_URL: optionalUrl(["smtp:", "smtps:"], "an SMTP URL such as smtp://user:pass@mail.example:587"),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3, "a sender such as Cap <no-reply@cap.example>")
    .default("Cap <no-reply@cap.localhost>"),
  // DKIM signing (docs/operations.md "Mail that arrives"): both set, or neither.
  DKIM_SELECTOR: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/, "a DNS label such as cap2026")
    .optional(),
  DKIM_PRIVATE_KEY_FILE: z.string().trim().min(1, "the path of a PEM private key").optional(),
  DKIM_DOMAIN: z
    .string()
    .trim()
    .regex(
      /^(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/,
      "a domain such as cap.example",
    )
    .optional(),
  // How long a sender holds a message it is sending before another may take it over; renewed
  // every third of it while the send lasts, so only a dead sender's messages are taken over.
  MAIL_LEASE_MS: z.coerce
    .number({ invalid_type_error: "a number of milliseconds" })
    .int("a whole number of milliseconds")
    .min(1_000, "between 1000 and 600000 milliseconds")
    .max(600_000, "between 1000 and 600000 milliseconds")
    .default(60_000),
  // How often each app process looks for members whose weekly digest hour has come.
  DIGEST_EVERY_MS: z.coerce
    .number({ invalid_type_error: "a number of milliseconds" })
    .int("a whole number of milliseconds")
    .min(200, "between 200 and 3600000 milliseconds")
    .max(3_600_000, "between 200 and 3600000 milliseconds")
    .default(60_000),
  SENTRY_DSN: optionalUrl(["http:", "https:"], "a Sentry DSN URL"),
  SENTRY_ENVIRONMENT: z.string().trim().min(1).optional(),
  // Set: identities live in Ory Kratos / Ory Network (app/.server/identity/ory/); unset:
  // in our database (the embedded adapter).
  ORY_SDK_URL: optionalUrl(["http:", "https:"], "the base URL of Ory Kratos or Ory Network"),
  ORY_ADMIN_URL: optionalUrl(
    ["http:", "https:"],
    "the URL of Kratos's admin API, such as http://kratos:4434 (leave it unset on Ory Network)",
  ),
  ORY_API_KEY: z.string().trim().min(1).optional(),
  ORY_COURIER_KEY: z
    .string()
    .trim()
    .min(16, "at least 16 characters, the secret Kratos's courier sends to /api/hooks/ory/courier")
    .optional(),
  ORY_TIMEOUT_MS: z.coerce
    .number({ invalid_type_error: "a number of milliseconds" })
    .int("a whole number of milliseconds")
    .min(100, "between 100 and 60000 milliseconds")
    .max(60_000, "between 100 and 60000 milliseconds")
    .default(5_000),
  // Payments through Stripe Checkout (docs/operations.md "Payments"): unset, no training is for sale.
  STRIPE_SECRET_KEY: optionalMatch(/^(sk|rk)_(test|live)_\w+$/, "a Stripe secret key such as sk_test_…"),
  STRIPE_WEBHOOK_SECRET: optionalMatch(/^whsec_\w+$/, "the webhook endpoint's signing secret, whsec_…"),
  // Where the Stripe client sends its requests: Stripe's own API unless a test points it elsewhere.
  STRIPE_API_BASE: optionalUrl(["http:", "https:"], "an http(s) URL such as http://127.0.0.1:12111"),
  // /dev/mailbox lists the outbox, codes and links included: only when asked for, never in production.
  DEV_MAILBOX: z
    .enum(["", "0", "1", "false", "true"], { message: "1 or true to turn on /dev/mailbox (never in production)" })
    .optional()
    .transform((value) => value === "1" || value === "true"),
  // Server-Timing on every answer of server.ts: the database statements and their time (the bench's
  // queries per request). Off by default: nothing is counted.
  SERVER_TIMING: z
    .enum(["", "0", "1", "false", "true"], { message: "1 or true to add a Server-Timing header to every answer" })
    .optional()
    .transform((value) => value === "1" || value === "true"),
  // Express's "trust proxy": a hop count, or addresses/subnets (and loopback, linklocal, uniquelocal).
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine(
      (value) =>
        value === undefined ||
        /^\d{1,2}$/.test(value) ||
        value
          .split(",")
          .every((entry) => /^(loopback|linklocal|uniquelocal|[0-9a-f:.]+(\/\d{1,3})?)$/i.test(entry.trim())),
      {
        message:
          "a number of proxies (1) or their addresses, such as 10.0.0.1,loopback (leave it unset without a proxy)",
      },
    )
    .transform((value) => (value !== undefined && /^\d+$/.test(value) ? Number(value) : value)),
  WEB_CONCURRENCY: z.coerce
    .number({ invalid_type_error: "a number of worker processes" })
    .int("a whole number of worker processes")
    .min(1, "between 1 and 64 worker processes")
    .max(64, "between 1 and 64 worker processes")
    .optional(),
  // The bounded queue in front of each worker (http/request-queue.server.ts): requests handled at
  // once, then requests waiting their turn; beyond, 503 with Retry-After at once. 16 + 48: the
  // bench's 50 connections on one worker are never refused, 200 on two workers are (npm run soak).
  REQUESTS_IN_FLIGHT: z.coerce
    .number({ invalid_type_error: "a number of requests" })
    .int("a whole number of requests")
    .min(1, "between 1 and 10000 requests")
    .max(10_000, "between 1 and 10000 requests")
    .default(16),
  REQUESTS_QUEUED: z.coerce
    .number({ invalid_type_error: "a number of requests" })
    .int("a whole number of requests")
    .min(0, "between 0 and 100000 requests")
    .max(100_000, "between 0 and 100000 requests")
    .default(48),
  // How long a request may wait its turn: a worker serves a few dozen writes a second when every
  // request writes, and then 48 waiting ones waited 6–10 s (npm run soak).
  REQUESTS_WAIT_MS: z.coerce
    .number({ invalid_type_error: "a number of milliseconds" })
    .int("a whole number of milliseconds")
    .min(10, "between 10 and 60000 milliseconds")
    .max(60_000, "between 10 and 60000 milliseconds")
    .default(1_000),
  // Each worker's V8 heap limit: without one, V8 sizes it for the machine (4 GB here) and
  // lets garbage pile up to hundreds of MB between collections. A worker's live heap under load is
  // ~80 MB (REQUESTS_IN_FLIGHT bounds it), so 192 leaves room to spare and keeps the worker small.
  WORKER_HEAP_MB: z.coerce
    .number({ invalid_type_error: "a number of megabytes" })
    .int("a whole number of megabytes")
    .min(64, "between 64 and 16384 MB")
    .max(16_384, "between 64 and 16384 MB")
    .default(192),
  // /metrics for Prometheus, on a port of its own (docs/operations.md "Metrics"): unset, none.
  METRICS_PORT: z.coerce
    .number({ invalid_type_error: "a port number" })
    .int("a whole port number")
    .min(1, "a port between 1 and 65535")
    .max(65535, "a port between 1 and 65535")
    .optional(),
  METRICS_HOST: z.string().trim().min(1, "an address to listen on, such as 127.0.0.1").default("127.0.0.1"),
  // The member pages' render cache (http/render-cache.server.ts): each worker keeps, gzipped, up to
  // this many MB of signed-in pages, each good until the next write to the database or the next
  // minute. 16 MB holds ~1,000 pages; 0 turns it off.
  MEMBER_PAGE_CACHE_MB: z.coerce
    .number({ invalid_type_error: "a number of megabytes" })
    .int("a whole number of megabytes")
    .min(0, "between 0 and 1024 MB")
    .max(1024, "between 0 and 1024 MB")
    .default(16),
  // The first admins: members with these addresses hold the admin role once their
  // address is verified — at start, and when they verify it.
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter((email) => email !== ""),
    )
    .refine((emails) => emails.every((email) => z.string().email().max(254).safeParse(email).success), {
      message: "email addresses separated by commas, such as ana@cap.example,noe@cap.example",
    }),
  VIDEO_MEETING_URL_TEMPLATE: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || value.includes("{room}"), {
      message: "a URL containing {room}, such as https://meet.example/{room}",
    }),
});

/** How outgoing mail is signed (nodemailer's `dkim` option): the domain, the selector and the key. */
export type Dkim = { domainName: string; keySelector: string; privateKey: string };

export type Env = z.infer<typeof envSchema> & {
  SESSION_SECRET: string;
  TOTP_ENCRYPTION_KEYS: string[];
  APP_URL: string;
  WEB_CONCURRENCY: number;
  DKIM?: Dkim;
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses an environment object; throws ConfigError listing every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        return `${name}=${JSON.stringify(source[name] ?? "")} is not valid: expected ${issue.message}`;
      }),
    );
  }
  const env = result.data;
  if (env.ORY_SDK_URL && !env.ORY_COURIER_KEY) {
    throw new ConfigError([
      'ORY_COURIER_KEY="" is not valid: expected the secret Kratos\'s courier sends to /api/hooks/ory/courier ' +
        "(at least 16 characters) when ORY_SDK_URL is set: without it no code would reach the members",
    ]);
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError([
      'STRIPE_WEBHOOK_SECRET="" is not valid: expected the webhook endpoint\'s signing secret (whsec_…) when ' +
        "STRIPE_SECRET_KEY is set: without it no payment would open its training",
    ]);
  }
  if (env.DATABASE_DIRECT_URL && !env.DATABASE_URL) {
    throw new ConfigError([
      "DATABASE_DIRECT_URL is set without DATABASE_URL: it names the server DATABASE_URL goes to",
    ]);
  }
  if (!env.DATABASE_URL && env.WEB_CONCURRENCY !== undefined && env.WEB_CONCURRENCY > 1) {
    throw new ConfigError([
      `WEB_CONCURRENCY=${JSON.stringify(source.WEB_CONCURRENCY)} is not valid: expected 1 with the embedded database ` +
        "(PGlite runs in one process); set DATABASE_URL to a PostgreSQL server to run several workers",
    ]);
  }
  return {
    ...env,
    DKIM: dkimOf(env),
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    SESSION_SECRET: env.SESSION_SECRET ?? persistentSecret(env.DATA_DIR, SESSION_SECRET_FILE),
    TOTP_ENCRYPTION_KEYS: env.TOTP_ENCRYPTION_KEYS ?? [persistentSecret(env.DATA_DIR, TOTP_KEY_FILE)],
    // One worker per core on PostgreSQL; PGlite takes one process.
    WEB_CONCURRENCY: env.WEB_CONCURRENCY ?? (env.DATABASE_URL ? availableParallelism() : 1),
  };
}

/**
 * The DKIM signing settings, checked at start: a selector without a key (or the reverse), a key
 * file that cannot be read or is no private key, or a sender without a domain stops the start.
 * The signing domain is MAIL_FROM's unless DKIM_DOMAIN names another.
 */
function dkimOf(env: z.infer<typeof envSchema>): Dkim | undefined {
  const { DKIM_SELECTOR: keySelector, DKIM_PRIVATE_KEY_FILE: file } = env;
  if (!keySelector && !file) return undefined;
  if (!keySelector || !file) {
    const missing = keySelector ? "DKIM_PRIVATE_KEY_FILE" : "DKIM_SELECTOR";
    throw new ConfigError([
      `${missing}="" is not valid: expected it beside ${keySelector ? "DKIM_SELECTOR" : "DKIM_PRIVATE_KEY_FILE"}: mail is signed with both or not at all`,
    ]);
  }
  let privateKey: string;
  try {
    privateKey = readFileSync(file, "utf8");
    createPrivateKey(privateKey);
  } catch {
    throw new ConfigError([
      `DKIM_PRIVATE_KEY_FILE=${JSON.stringify(file)} is not valid: expected a readable PEM private key`,
    ]);
  }
  const domainName = env.DKIM_DOMAIN ?? /@([^\s>]+)>?\s*$/.exec(env.MAIL_FROM)?.[1];
  if (!domainName)
    throw new ConfigError([`DKIM_DOMAIN="" is not valid: expected the signing domain (MAIL_FROM names none)`]);
  return { domainName, keySelector, privateKey };
}

/** The files under DATA_DIR that hold the secrets generated when the environment gives none. */
export const SESSION_SECRET_FILE = "session-secret";
export const TOTP_KEY_FILE = "totp-encryption-key";

/**
 * A secret generated on first start and kept under DATA_DIR (32 random bytes in hex, readable by
 * its owner only), so sessions and TOTP pairings survive restarts.
 */
function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let current: Env | undefined;

/** The process configuration, parsed from process.env on first use. */
export function env(): Env {
  current ??= parseEnv(process.env);
  return current;
}
