/**
 * The heavy member (what a page costs as a member's records grow): 500 commitments (half of them done), 50
 * past goals and a current one, 100 past coaching sessions and every training done. Seeded through
 * the HTTP API where one exists (commitments, goals, parts read and quizzes passed), and with SQL
 * where none does (past sessions: booking is for the future; the payable training's entitlement:
 * `npm run grant` writes it the same way). The SQL goes to the bench's own database: on PostgreSQL
 * through its URL; on PGlite, which one process holds, while the server is stopped (run.ts stops
 * it, calls seedWithSql, and starts it again on the same DATA_DIR).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import pg from "pg";
import type { Headers } from "./member";
import { BenchError, ROOT, type ServerContext } from "./server";

export const HEAVY = { commitments: 500, pastGoals: 50, coachingSessions: 100 } as const;

/** How many API requests the seeding keeps in flight. */
const PARALLEL = 8;

/** Where the SQL goes: the run's PostgreSQL database, or the PGlite folder of the stopped server. */
export type SqlTarget = { url: string } | { pgliteDir: string };

/** The member id behind a bearer token (GET /api/dashboard/whoami). */
export async function memberId(server: ServerContext, headers: Headers): Promise<string> {
  const answer = await fetch(`${server.baseUrl}/api/dashboard/whoami`, { headers });
  if (!answer.ok) throw new BenchError(`whoami answered ${answer.status}`);
  return ((await answer.json()) as { user: { id: string } }).user.id;
}

/**
 * What the API cannot write: the author's role, the payable trainings opened to the member (a grant), and 100 past
 * sessions, one a day at 09:00 UTC over the last 100 days, taken in turn by each coach (one a day:
 * no coach's sessions overlap). Answers the coaches' ids and agenda generations (for agenda links).
 */
export async function seedWithSql(
  target: SqlTarget,
  member: string,
  author: string,
): Promise<{ id: string; slug: string; generation: number }[]> {
  const statements: [string, unknown[]][] = [
    // The author space's pages are measured as an author sees them.
    ["insert into member_roles (member_id, role) values ($1::uuid, 'author') on conflict do nothing", [author]],
    [
      `insert into entitlements (member_id, training_id, source)
       select $1::uuid, id, 'grant' from trainings where access = 'payable' and not archived
       on conflict do nothing`,
      [member],
    ],
    [
      `insert into coaching_bookings
         (member_id, coach_id, starts_at, ends_at, blocked_until, time_zone, lang, meeting_url, coach_token_hash)
       select $1::uuid, coach.id, start, start + make_interval(mins => coach.session_minutes),
              start + make_interval(mins => coach.session_minutes + coach.buffer_minutes),
              'Europe/Paris', 'fr', 'https://meet.cap.test/bench-' || n, md5('bench-heavy-' || $1::uuid::text || '-' || n)
       from generate_series(1, $2::int) as n
       cross join lateral (select date_trunc('day', now()) - n * interval '1 day' + interval '9 hours' as start) as day
       cross join lateral (
         select id, session_minutes, buffer_minutes from coaches where not retired
         order by position offset (n % (select count(*) from coaches where not retired)) limit 1
       ) as coach`,
      [member, HEAVY.coachingSessions],
    ],
  ];
  const coachesQuery = "select id, slug, agenda_generation as generation from coaches order by position";
  type CoachRow = { id: string; slug: string; generation: number };

  if ("url" in target) {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      await client.query("begin");
      for (const [text, values] of statements) await client.query(text, values);
      await client.query("commit");
      return (await client.query<CoachRow>(coachesQuery)).rows;
    } finally {
      await client.end();
    }
  }
  const client = await PGlite.create(target.pgliteDir, { extensions: { btree_gist } });
  try {
    await client.transaction(async (tx) => {
      for (const [text, values] of statements) await tx.query(text, values);
    });
    return (await client.query<CoachRow>(coachesQuery)).rows;
  } finally {
    await client.close();
  }
}

/** Commitments, goals and every training, through the API, as the member's apps would. */
export async function seedOverApi(server: ServerContext, headers: Headers): Promise<void> {
  const api = async (method: string, apiPath: string, body?: unknown) => {
    const answer = await fetch(`${server.baseUrl}${apiPath}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    if (!answer.ok)
      throw new BenchError(`heavy member: ${method} ${apiPath} answered ${answer.status}: ${text.slice(0, 200)}`);
    return JSON.parse(text) as Record<string, unknown>;
  };

  // 500 commitments, due from 250 days ago to 249 days ahead (none for every tenth); every other one done.
  const today = Date.now();
  const ids = await inParallel(
    Array.from({ length: HEAVY.commitments }, (_, n) => n),
    async (n) => {
      const due = n % 10 === 0 ? null : new Date(today + (n - 250) * 86_400_000).toISOString().slice(0, 10);
      const { commitment } = await api("POST", "/api/commitments", { title: `Engagement ${n + 1}`, due_date: due });
      return (commitment as { id: string }).id;
    },
  );
  await inParallel(
    ids.filter((_, n) => n % 2 === 0),
    (id) => api("POST", `/api/commitments/${id}/done`),
  );

  // 51 goals in turn: each new one sends the previous one to the history.
  for (let n = 1; n <= HEAVY.pastGoals + 1; n++) await api("POST", "/api/goal", { intent: "new", title: `Cap ${n}` });

  // Every training (archived ones are closed): every part read, every quiz passed, in order.
  const trainings = readdirSync(path.join(ROOT, "app", "content", "trainings"))
    .filter((file) => file.endsWith(".json"))
    .map((file) => JSON.parse(readFileSync(path.join(ROOT, "app", "content", "trainings", file), "utf8")) as Training)
    .filter((training) => !training.archived);
  let completed = 0;
  for (const training of trainings) {
    let done = false;
    for (const module of training.modules) {
      const base = `/api/trainings/${training.slug}/modules/${module.slug}`;
      for (const part of module.parts) {
        done = (await api("POST", `${base}/parts/${part.slug}/read`)).trainingCompleted === true || done;
      }
      if (module.quiz) {
        done =
          (await api("POST", `${base}/quiz`, { answers: rightAnswers(module.quiz) })).trainingCompleted === true ||
          done;
      }
    }
    if (done) completed += 1;
  }
  if (completed !== trainings.length)
    throw new BenchError(`heavy member: ${completed} of ${trainings.length} trainings completed through the API`);
}

type Quiz = { questions: { id: string; min?: number; answers: { id: string; correct?: boolean }[] }[] };
type Training = {
  slug: string;
  archived?: boolean;
  modules: { slug: string; parts: { slug: string }[]; quiz?: Quiz }[];
};

/** The right answers of each question; where none is right (tests, surveys), the first `min`. */
function rightAnswers(quiz: Quiz): Record<string, string[]> {
  return Object.fromEntries(
    quiz.questions.map((question) => {
      const right = question.answers.filter((answer) => answer.correct).map((answer) => answer.id);
      return [question.id, right.length ? right : question.answers.slice(0, question.min ?? 1).map((a) => a.id)];
    }),
  );
}

/** `work` over `items`, PARALLEL at a time; results in the items' order. */
async function inParallel<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]);
      }
    }),
  );
  return results;
}
