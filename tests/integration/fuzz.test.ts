import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { pathToFileURL } from "node:url";
import { createCookie, type ServerBuild } from "@remix-run/node";
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "~/api/endpoints";
import { tokenOfNewMember, verifyOn } from "../support/server-members";
import { startServer, type ServerProcess } from "../support/server-process";

/**
 * Issue 11: every route of the built server — page actions, API endpoints, loaders — under generated
 * malformed methods, bodies, headers, path parameters and query values answers without a 5xx, and
 * a 4xx changes nothing in the database. The server runs on PostgreSQL (the local server, as the
 * fault tests do) so the test can read the database between requests. FUZZ_RUNS (default 6) is the
 * number of generated requests per route; `FUZZ_RUNS=200 npx vitest run tests/integration/fuzz.test.ts`
 * is a longer run.
 */
const run = promisify(execFile);
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECRET = "a-session-secret-for-the-fuzz-tests-only";
const EMAIL = "fuzz@example.com";
const PASSWORD = "correct horse";

let admin: pg.Client;
let appDb: pg.Client;
let database: string;
let server: ServerProcess;
let cookie: string;
let token: string;
let fingerprintQuery: string;

/**
 * Paths of every route of the build, parents joined ("training/:training_slug/modules/:module_slug"),
 * and of every endpoint the API's splat route serves.
 */
async function routePaths(): Promise<string[]> {
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const full = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return "";
    return [full(route.parentId), route.path ?? ""].filter(Boolean).join("/");
  };
  const paths = Object.entries(build.routes)
    .filter(([, route]) => route.module.loader || route.module.action)
    .map(([id]) => `/${full(id)}`);
  return [...new Set([...paths, ...endpoints.map((endpoint) => endpoint.path)])].sort();
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  database = `${process.env.CAP_TEST_RUN_ID ?? "cap_test"}_fuzz_${randomBytes(3).toString("hex")}`;
  await admin.query(`create database "${database}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  // The member is an admin too (ADMIN_EMAILS), so the back office's loaders and actions run rather than 404.
  server = await startServer({
    DATABASE_URL: url.toString(),
    WEB_CONCURRENCY: "1",
    SESSION_SECRET: SECRET,
    ADMIN_EMAILS: EMAIL,
  });
  appDb = new pg.Client({ connectionString: url.toString() });
  await appDb.connect();

  // A verified member, so that signed-in pages run their actions rather than redirect.
  token = await tokenOfNewMember(server.url, { firstname: "Fuzz", lastname: "Test", email: EMAIL, password: PASSWORD });
  cookie = (await createCookie("token", { secrets: [SECRET] }).serialize(token)).split(";")[0];
  await verifyOn(server, EMAIL, cookie);
  // A coach too (`npm run roles` on the same database, the server running), so that the coach's
  // space runs its loaders and actions on a coach record of its own rather than answering 404.
  const granted = await run(
    process.execPath,
    ["--import", "tsx", "app/.server/operator/roles-cli.server.ts", "grant", EMAIL, "coach"],
    { env: { PATH: process.env.PATH, NODE_ENV: "test", DATABASE_URL: url.toString(), SESSION_SECRET: SECRET } },
  );
  expect(granted.stdout).toContain(`${EMAIL} is now coach.`);

  // Row counts of every table but the counters a refused attempt may rightly add to.
  const { rows } = await appDb.query<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public'",
  );
  const counted = rows
    .map((row) => row.tablename)
    .filter((name) => !["rate_limit_events", "registration_drafts"].includes(name));
  fingerprintQuery = `select ${counted.map((name) => `(select count(*) from "${name}")`).join(" || ',' || ")} as fingerprint`;
}, 120_000);

afterAll(async () => {
  await appDb?.end();
  await server?.stop();
  await admin?.query(`drop database if exists "${database}" with (force)`);
  await admin?.end();
}, 30_000);

const fingerprint = async () => (await appDb.query<{ fingerprint: string }>(fingerprintQuery)).rows[0].fingerprint;

// --- What a hostile or broken client sends --------------------------------------------------------
const nasty = fc.constantFrom(
  "0000-01-01",
  "9999-12-31",
  "2026-13-45",
  "2026-11-30",
  "",
  " ",
  "-1",
  "1e309",
  "NaN",
  "null",
  "[]",
  "{}",
  "Europe/Paris",
  "Mars/Base",
  "<script>alert(1)</script>",
  "' or 1=1 --",
  "\u0000",
  "a\u0001b",
  "../../etc/passwd",
  `${"x".repeat(3000)}@example.com`,
  "00000000-0000-4000-8000-000000000000",
  "j-embarque",
  "claire-moreau",
  EMAIL,
  "2026-12-01T09:00:00.000Z",
  "done",
  "delete",
  "create",
  "update",
  "close",
  "verify",
  "resend",
  "email",
  "password",
  // Issue 24's coach profile and coaches pages.
  "profile",
  "upload",
  "memberPhoto",
  "makeCoach",
  "retire",
  "fr",
  "javascript:alert(1)",
  "https://meet.example.com/{room}",
);
const value = fc.oneof(
  nasty,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.uuid(),
  fc.integer().map(String),
);
/** Keys an object inherits (or whose assignment sets its prototype): a server building objects from caller keys must not trip on them. */
const PROTOTYPE_KEYS = ["__proto__", "constructor", "valueOf", "toString", "hasOwnProperty", "prototype"];
const fieldNames = fc.constantFrom(
  "intent",
  // conform's reserved fields, which it parses as JSON (app/forms/submission.ts).
  "__intent__",
  "__state__",
  // Issue 24's coach profile (/coach/profile, /admin/coaches/:id, their API) and coaches list.
  "bioFr",
  // Issue 26's file check (/author/check) and imports, a new training, retiring one; a part's
  // uploads; its modules' and parts' forms; publishing.
  "file",
  "revision",
  "kind",
  "slug",
  "titleFr",
  "direction",
  "hours",
  // Issue 26's history (publishing a version again).
  "number",
  "bioEn",
  "bio_fr",
  "bio_en",
  "languages",
  "meetingUrlTemplate",
  "meeting_url_template",
  "photo",
  "id",
  "email",
  "password",
  "confirmPassword",
  "currentPassword",
  "code",
  "title",
  "dueDate",
  "moduleId",
  "firstname",
  "firstName",
  "lastName",
  "birthDate",
  "gender",
  "mobile",
  "lng",
  "tz",
  "start",
  "day",
  "questions[0]",
  "crew",
  "score_q1",
  "comment_q1",
  "name",
  "relation",
  "userType",
  "levelOfStudy",
  "role",
  "answers",
  "redirect_after",
  "week",
  "from",
  "to",
  "page",
  "current_password",
  "birth_date",
  "user",
  "reason",
  "booking",
  "when",
  "past",
  "mood",
  "scores",
  "accessCode",
  "timeZone",
  "sessionMinutes",
  "bufferMinutes",
  "minNoticeHours",
  "horizonDays",
  "mon[0].from",
  "mon[0].to",
  "sun[5].to",
  "time_zone",
  "session_minutes",
  "weekly",
  "training",
  "maxUses",
  "max_uses",
  "expiresOn",
  "expires_on",
  "note",
  "confirm",
  // Issue 25 item 8: keys of Object.prototype, as a field and as a quiz answer (q_<question>).
  ...PROTOTYPE_KEYS,
  ...PROTOTYPE_KEYS.map((key) => `q_${key}`),
);
const form = fc.dictionary(fieldNames, value, { maxKeys: 6 });
const json = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  // A quiz's answers (or any record body) keyed like Object.prototype's properties.
  fc.record({
    answers: fc.dictionary(
      fc.constantFrom(...PROTOTYPE_KEYS),
      fc.oneof(value, fc.array(value, { maxLength: 3 }), fc.constant({}), fc.constant(null)),
      { maxKeys: 3 },
    ),
  }),
  fc.dictionary(
    fieldNames,
    fc.oneof(value, fc.integer(), fc.boolean(), fc.constant(null), fc.array(value, { maxLength: 3 })),
    { maxKeys: 6 },
  ),
);
const segment = (name: string) =>
  fc.oneof(fc.constantFrom(...(knownParams[name] ?? ["x"])), fc.uuid(), fc.string({ minLength: 1, maxLength: 30 }));
const knownParams: Record<string, string[]> = {
  training_slug: ["j-embarque", "le-point-gps"],
  // Issue 26's author space (/author/trainings/:slug and its file.json).
  slug: ["capitaine", "tenir-le-cap"],
  // Issue 26's preview of a module (/author/trainings/:slug/preview/:module) and its modules
  // and parts (/author/trainings/:slug/modules/:module/parts/:part).
  module: ["questionnaire", "prendre-la-barre", "tenir-ses-engagements"],
  // Issue 26's history (/author/trainings/:slug/history/:number/file.json).
  number: ["1", "2"],
  module_slug: ["prendre-la-barre"],
  part: ["la-force-des-petits-pas"],
  coach_slug: ["claire-moreau", "sarah-collins"],
  newPasswordPage: ["new-password-00000000-0000-4000-8000-000000000000"],
  page: ["list", "edit-00000000-0000-4000-8000-000000000000"],
  action: ["resend", "revoke", "accept", "decline"],
  file: ["x.json"],
  code: ["CAP-EQUIPAGE", "cap-equipage"],
};

function request(routePath: string) {
  const params = [...routePath.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? "*");
  return fc.record({
    params: fc.tuple(...params.map((name) => segment(name))),
    method: fc.constantFrom("GET", "POST", "POST", "POST", "PUT", "DELETE"),
    query: fc.dictionary(fieldNames, value, { maxKeys: 3 }),
    signedIn: fc.boolean(),
    bearer: fc.boolean(),
    // Mostly our own origin, so that requests get past the door and reach the routes.
    foreignOrigin: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    body: fc.oneof(
      {
        weight: 4,
        arbitrary: routePath.startsWith("/api/")
          ? json.map((data) => ({ type: "application/json", text: JSON.stringify(data) }))
          : form.map((fields) => ({
              type: "application/x-www-form-urlencoded",
              text: new URLSearchParams(fields).toString(),
            })),
      },
      form.map((fields) => ({
        type: "application/x-www-form-urlencoded",
        text: new URLSearchParams(fields).toString(),
      })),
      json.map((data) => ({ type: "application/json", text: JSON.stringify(data) })),
      fc.record({
        type: fc.constantFrom("text/plain", "multipart/form-data; boundary=x", "application/json"),
        text: fc.string({ maxLength: 200 }),
      }),
    ),
  });
}

describe("the fuzz suite (every route of the built server)", () => {
  it("answers generated malformed requests without a 5xx, and a 4xx changes nothing", async () => {
    const paths = await routePaths();
    expect(paths.length).toBeGreaterThan(60);
    const seen: Record<string, number> = {};
    let sent = 0;
    for (const routePath of paths) {
      await fc.assert(
        fc.asyncProperty(request(routePath), async (generated) => {
          let index = 0;
          const filled = routePath.replace(/:(\w+)|\*/g, () => encodeURIComponent(generated.params[index++] ?? "x"));
          const query = new URLSearchParams(generated.query).toString();
          const headers: Record<string, string> = {
            Origin: generated.foreignOrigin ? "https://evil.example" : server.url,
          };
          // Logging out would end the session the other requests use: that route is fuzzed anonymously.
          if (generated.signedIn && filled !== "/logout") headers.Cookie = cookie;
          if (generated.bearer && filled.startsWith("/api/")) headers.Authorization = `Bearer ${token}`;
          const withBody = generated.method !== "GET";
          if (withBody) headers["Content-Type"] = generated.body.type;
          const before = await fingerprint();
          const answer = await fetch(`${server.url}${filled}${query ? `?${query}` : ""}`, {
            method: generated.method,
            headers,
            body: withBody ? generated.body.text : undefined,
            redirect: "manual",
          });
          await answer.arrayBuffer();
          sent++;
          seen[answer.status] = (seen[answer.status] ?? 0) + 1;
          const where = `${generated.method} ${filled}?${query} ${withBody ? generated.body.text.slice(0, 200) : ""}`;
          expect(answer.status, where).toBeLessThan(500);
          if (answer.status >= 400)
            expect(await fingerprint(), `a ${answer.status} changed the database: ${where}`).toBe(before);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    }
    console.log(`fuzz: ${sent} requests over ${paths.length} routes; statuses ${JSON.stringify(seen)}`);
  }, 600_000);
});
