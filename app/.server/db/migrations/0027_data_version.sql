-- The database's data version (db/data-version.server.ts), which the render cache keys the pages
-- it keeps on: one row, raised once by every transaction that writes to a table of
-- Cap's, when it commits. It replaces pg_current_snapshot(), which any transaction of the whole
-- server (another database's, another application's) changed.
CREATE TABLE "data_version" (
	"id" boolean PRIMARY KEY DEFAULT true CONSTRAINT "data_version_one_row" CHECK ("id"),
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "data_version" ("id", "version") VALUES (true, 1);
--> statement-breakpoint
-- Deferred to the commit, the raise is the transaction's last lock: it takes the row after every
-- other lock it holds (no deadlock between writers) and holds it only while it commits. The
-- transaction-local setting makes it once per transaction, however many rows it wrote.
CREATE FUNCTION "raise_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('cap.data_version_raised_by', true) IS DISTINCT FROM pg_current_xact_id()::text THEN
		UPDATE "data_version" SET "version" = "version" + 1;
		PERFORM set_config('cap.data_version_raised_by', pg_current_xact_id()::text, true);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every table of the schema but the version's own; a table added later gets the same two
-- triggers in its migration (tests/integration/data-version.test.ts names any that has not).
DO $$
DECLARE
	t record;
BEGIN
	FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'data_version' LOOP
		EXECUTE format(
			'CREATE CONSTRAINT TRIGGER "raise_data_version" AFTER INSERT OR UPDATE OR DELETE ON %I '
			'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"()',
			t.tablename
		);
		EXECUTE format(
			'CREATE TRIGGER "raise_data_version_on_truncate" AFTER TRUNCATE ON %I '
			'FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"()',
			t.tablename
		);
	END LOOP;
END
$$;
