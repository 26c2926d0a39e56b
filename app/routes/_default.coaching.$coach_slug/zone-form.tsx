import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import type { BookingQuery } from "~/.server/coaching/booking/booking-calendar.server";
import { ZoneGroup, type ZoneOption } from "~/components/form/zone-options";
import { useTranslation } from "~/i18n/react";

/**
 * The time zone the steps are shown in: the usual zones (and the one shown) in a GET form that
 * applies itself with JavaScript; every zone is a page of its own (…/time-zone).
 */
export function ZoneForm({
  query,
  zones,
  shownZone,
  coachSlug,
}: {
  query: BookingQuery;
  zones: ZoneOption[];
  shownZone: string;
  coachSlug: string;
}) {
  const { t } = useTranslation("coaching");
  const submit = useSubmit();
  const location = useLocation();
  return (
    <Form method="get" className="card zone-form" preventScrollReset>
      {(["month", "day", "start", "from", "reschedule"] as const).map((name) =>
        query[name] ? <input key={name} type="hidden" name={name} value={query[name] ?? ""} /> : null,
      )}
      <label htmlFor="tz">{t("timeZone.label")}</label>
      <p className="field__hint" id="tz-hint">
        {t("timeZone.hint")}
      </p>
      <div className="zone-form__row">
        <select
          id="tz"
          name="tz"
          defaultValue={query.timeZone}
          key={query.timeZone}
          aria-describedby="tz-hint"
          onChange={(event) => submit(event.currentTarget.form, { replace: true, preventScrollReset: true })}
        >
          {zones.some((zone) => zone.value === query.timeZone) ? null : (
            <ZoneGroup label={t("timeZone.shown")} zones={[{ value: query.timeZone, label: shownZone }]} />
          )}
          <ZoneGroup label={t("timeZone.usual")} zones={zones} />
        </select>
        <button type="submit" className="button button--ghost">
          {t("timeZone.apply")}
        </button>
      </div>
      <p>
        <Link to={`/coaching/${coachSlug}/time-zone${location.search}`} className="zone-form__other">
          {t("timeZone.other")}
        </Link>
      </p>
    </Form>
  );
}
