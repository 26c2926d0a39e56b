-- What keys the member pages of the render cache (http/render-cache.server.ts), in place of the one
-- data_version row (0027) that every writing transaction raised: all writers queued on its lock,
-- and one member's write ended every member's kept pages. A kept page is now keyed by the versions
-- of what it reads: its member's own (member_versions), raised only by writes to that member's
-- rows, and the shared subjects it shows (subject_versions: the catalogue, the coaches and their
-- hours, the legal pages, one coach's bookings), raised by the staff's and authors' writes, and a
-- coach's bookings by the members booking that coach (who already wait on each other: two sessions
-- of a coach never overlap). No foreign key: a member's account goes in the transaction that
-- raises its version one last time.
CREATE TABLE "member_versions" (
	"member_id" uuid PRIMARY KEY,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject_versions" (
	"subject" text PRIMARY KEY,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Each table a kept page reads notes, row by row, whose versions its writes raise (its rules, the
-- trigger's arguments), in a transaction-local setting: "<xid> m:<member id> s:<subject> …".
--   member:<column>    the member whose app_users.id the column holds
--   identity:<column>  the member of the identity the column holds
--   subject:<name>     a shared subject (no row read)
--   bookings:<column>  the bookings of the coach the column holds
--   query:<select>     the subjects (m:… or s:…) a statement finds from the row ($1, as jsonb)
-- An update notes the row before and after it (a row given to another member reaches both).
CREATE FUNCTION "page_versions_note"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	xact text := pg_current_xact_id()::text;
	noted text := current_setting('cap.page_versions', true);
	rows jsonb[];
	r jsonb;
	rule text;
	kind text;
	arg text;
	subject text;
BEGIN
	IF noted IS NULL OR split_part(noted, ' ', 1) <> xact THEN
		noted := xact;
	END IF;
	FOREACH rule IN ARRAY TG_ARGV LOOP
		kind := split_part(rule, ':', 1);
		arg := substr(rule, length(kind) + 2);
		IF kind = 'subject' THEN
			subject := 's:' || arg;
			IF position(' ' || subject || ' ' IN noted || ' ') = 0 THEN
				noted := noted || ' ' || subject;
			END IF;
			CONTINUE;
		END IF;
		IF rows IS NULL THEN
			rows := CASE TG_OP
				WHEN 'INSERT' THEN ARRAY[to_jsonb(NEW)]
				WHEN 'DELETE' THEN ARRAY[to_jsonb(OLD)]
				ELSE ARRAY[to_jsonb(OLD), to_jsonb(NEW)]
			END;
		END IF;
		FOREACH r IN ARRAY rows LOOP
			IF kind = 'member' THEN
				subject := 'm:' || (r ->> arg);
			ELSIF kind = 'bookings' THEN
				subject := 's:bookings:' || (r ->> arg);
			ELSIF kind = 'identity' THEN
				subject := 'm:' || (SELECT u.id FROM app_users u WHERE u.identity_id = (r ->> arg)::uuid);
			ELSE
				FOR subject IN EXECUTE arg USING r LOOP
					IF subject IS NOT NULL AND position(' ' || subject || ' ' IN noted || ' ') = 0 THEN
						noted := noted || ' ' || subject;
					END IF;
				END LOOP;
				CONTINUE;
			END IF;
			IF subject IS NOT NULL AND position(' ' || subject || ' ' IN noted || ' ') = 0 THEN
				noted := noted || ' ' || subject;
			END IF;
		END LOOP;
	END LOOP;
	PERFORM set_config('cap.page_versions', noted, true);
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Deferred to the commit, the first of these raises every version the transaction noted, once,
-- in one order (members, then subjects, each sorted): these are its last locks, held only while
-- it commits, and two transactions never wait on each other's rows crosswise.
CREATE FUNCTION "page_versions_raise"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	noted text := current_setting('cap.page_versions', true);
BEGIN
	IF noted IS NULL OR split_part(noted, ' ', 1) <> pg_current_xact_id()::text THEN
		RETURN NULL;
	END IF;
	PERFORM set_config('cap.page_versions', '', true);
	INSERT INTO "member_versions" ("member_id", "version")
		SELECT substr(s, 3)::uuid, 1 FROM unnest(string_to_array(noted, ' ')) s WHERE s LIKE 'm:%' ORDER BY 1
		ON CONFLICT ("member_id") DO UPDATE SET "version" = "member_versions"."version" + 1;
	IF position(' s:' IN noted) > 0 THEN
		INSERT INTO "subject_versions" ("subject", "version")
			SELECT substr(s, 3), 1 FROM unnest(string_to_array(noted, ' ')) s WHERE s LIKE 's:%' ORDER BY 1
			ON CONFLICT ("subject") DO UPDATE SET "version" = "subject_versions"."version" + 1;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- A table emptied at once (a test's reset, a restore) reaches everyone: "everything", which every
-- kept page reads and nothing else raises.
CREATE FUNCTION "page_versions_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "subject_versions" ("subject", "version") VALUES ('everything', 1)
		ON CONFLICT ("subject") DO UPDATE SET "version" = "subject_versions"."version" + 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- How a table's writes reach the versions of the pages that read it: a new table read by kept
-- pages calls this in its migration (tests/integration/page-versions.test.ts names any that does
-- not, unless it lists the table as read by none).
CREATE FUNCTION "page_versions_follow"("target" regclass, VARIADIC "rules" text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE format(
		'CREATE TRIGGER "page_versions_note" AFTER INSERT OR UPDATE OR DELETE ON %s FOR EACH ROW EXECUTE FUNCTION "page_versions_note"(%s)',
		"target", (SELECT string_agg(quote_literal(rule), ', ') FROM unnest("rules") rule)
	);
	EXECUTE format(
		'CREATE CONSTRAINT TRIGGER "page_versions_raise" AFTER INSERT OR UPDATE OR DELETE ON %s '
		'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "page_versions_raise"()',
		"target"
	);
	EXECUTE format(
		'CREATE TRIGGER "page_versions_truncated" AFTER TRUNCATE ON %s FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_truncated"()',
		"target"
	);
END
$$;
--> statement-breakpoint
DO $$
DECLARE
	t record;
BEGIN
	FOR t IN SELECT c.relname FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
		WHERE g.tgname IN ('raise_data_version', 'raise_data_version_on_truncate') LOOP
		EXECUTE format('DROP TRIGGER IF EXISTS "raise_data_version" ON %I', t.relname);
		EXECUTE format('DROP TRIGGER IF EXISTS "raise_data_version_on_truncate" ON %I', t.relname);
	END LOOP;
END
$$;
--> statement-breakpoint
DROP FUNCTION "raise_data_version"();
--> statement-breakpoint
DROP TABLE "data_version";
--> statement-breakpoint
-- A member's own rows.
SELECT page_versions_follow(t::regclass, 'member:member_id') FROM unnest(ARRAY[
	'notification_settings', 'notification_rounds', 'security_events', 'security_event_reports',
	'main_goals', 'weather_checkins', 'commitments', 'commitment_pauses', 'life_gps_entries',
	'surveys', 'member_roles', 'part_reads', 'quiz_submissions', 'module_completions',
	'certificates', 'entitlements', 'access_code_uses', 'legal_acceptances'
]) t;
--> statement-breakpoint
-- An identity's rows are its member's (their profile shows the address, the devices, the second factor).
SELECT page_versions_follow('identities', 'identity:id');
--> statement-breakpoint
SELECT page_versions_follow(t::regclass, 'identity:identity_id') FROM unnest(ARRAY[
	'identity_credentials', 'identity_verifiable_addresses', 'sessions', 'identity_totp',
	'identity_recovery_codes', 'self_service_codes', 'identity_flows'
]) t;
--> statement-breakpoint
-- Rows kept under a member's row: their parent's member.
SELECT page_versions_follow('commitment_occurrences',
	$q$query:SELECT 'm:' || member_id FROM commitments WHERE id = ($1 ->> 'commitment_id')::uuid$q$);
--> statement-breakpoint
SELECT page_versions_follow(t::regclass,
	$q$query:SELECT 'm:' || member_id FROM surveys WHERE id = ($1 ->> 'survey_id')::uuid$q$)
	FROM unnest(ARRAY['survey_requests', 'survey_answers']) t;
--> statement-breakpoint
SELECT page_versions_follow('coaching_earlier_time_waits',
	$q$query:SELECT 'm:' || member_id FROM coaching_bookings WHERE id = ($1 ->> 'booking_id')::uuid$q$);
--> statement-breakpoint
-- A session is its member's and its coach's (the coach's agenda, the free times members book from);
-- what the member prepares for it, too.
SELECT page_versions_follow('coaching_bookings', 'member:member_id', 'bookings:coach_id');
--> statement-breakpoint
SELECT page_versions_follow('coaching_session_preps',
	$q$query:SELECT x FROM coaching_bookings, LATERAL (VALUES ('m:' || member_id), ('s:bookings:' || coach_id)) v(x) WHERE id = ($1 ->> 'booking_id')::uuid$q$);
--> statement-breakpoint
-- A member's name and photo show on the crews they joined and in the agendas of the coaches they booked.
SELECT page_versions_follow(t.name::regclass, 'member:' || t.key,
	$q$query:SELECT 'm:' || member_id FROM crew_members WHERE joined_member_id = ($1 ->> $q$ || quote_literal(t.key) || $q$)::uuid
		UNION SELECT 's:bookings:' || coach_id FROM coaching_bookings WHERE member_id = ($1 ->> $q$ || quote_literal(t.key) || $q$)::uuid$q$)
	FROM (VALUES ('app_users', 'id'), ('member_photos', 'member_id')) t(name, key);
--> statement-breakpoint
-- A crew member is their crew's and, once joined, their own; an invitation its inviter's, its
-- invitee's, and the account's its address belongs to (the invitations it received).
SELECT page_versions_follow('crew_members', 'member:member_id', 'member:joined_member_id');
--> statement-breakpoint
SELECT page_versions_follow('invitations', 'member:inviter_id', 'member:invitee_id',
	$q$query:SELECT 'm:' || u.id FROM identity_verifiable_addresses a JOIN app_users u ON u.identity_id = a.identity_id WHERE a.value = ($1 ->> 'email')$q$);
--> statement-breakpoint
-- Shared subjects, written by authors and the staff (coaches their own hours).
SELECT page_versions_follow(t::regclass, 'subject:catalogue') FROM unnest(ARRAY[
	'trainings', 'training_versions', 'training_drafts', 'content_generation', 'training_modules',
	'uploads', 'access_codes'
]) t;
--> statement-breakpoint
SELECT page_versions_follow(t::regclass, 'subject:coaches') FROM unnest(ARRAY['coaches', 'coach_photos', 'coach_time_off']) t;
--> statement-breakpoint
SELECT page_versions_follow(t::regclass, 'subject:legal') FROM unnest(ARRAY['legal_versions', 'legal_publisher']) t;
