import pg from "pg";

/**
 * With DATABASE_URL set, every worker creates its own database on that server named after this
 * run; once the run ends they are all dropped here.
 */
export default function setup() {
  const runId = `cap_test_${process.pid}_${Date.now()}`;
  process.env.CAP_TEST_RUN_ID = runId;
  return async function teardown() {
    if (!process.env.DATABASE_URL) return;
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`${runId}%`],
      );
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await client.end();
    }
  };
}
