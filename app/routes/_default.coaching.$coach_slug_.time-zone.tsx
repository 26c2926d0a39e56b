import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { coachOf } from "~/.server/coaching/booking/free-times.server";
import { shownRegion } from "~/.server/calendar/time-zones.server";
import { zonePicker } from "~/.server/calendar/zone-names.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { bookingQuery } from "~/.server/coaching/booking/booking-calendar.server";
import { titleMeta } from "~/components/document/page-title";
import { ZoneGroup, ZoneRegionForm } from "~/components/form/zone-options";
import { useTranslation } from "~/i18n/react";
import { BackHeader } from "~/components/presentational/back-header";
import { readsHandle } from "~/components/document/cacheable-page";

/** The coaching pages show a coach's free times, or a session among them: other members' bookings end a kept one too. */
export const handle = readsHandle("bookings");

export const meta = titleMeta;

/** The booking steps the coach page keeps in its query: they come back with the zone chosen. */
const kept = ["month", "day", "start", "from", "reschedule"] as const;

/**
 * /coaching/{coach_slug}/time-zone — every time zone, a region of the world at a time, for a member
 * outside the usual ones: a GET form back to the coach's page with `?tz=` (and the step the member
 * was at).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const coach = await coachOf(params.coach_slug ?? "");
  if (!coach) notFound(request);
  const t = await translator(request, "coaching");
  const url = new URL(request.url);
  const query = bookingQuery(url.searchParams, member.time_zone);
  const region = shownRegion(url.searchParams.get("region"), query.timeZone);
  return {
    title: t("zonePage.title"),
    coach: { slug: coach.slug, name: coach.name },
    timeZone: query.timeZone,
    kept: kept.flatMap((name): [string, string][] => (query[name] ? [[name, query[name]]] : [])),
    ...zonePicker(await localeOf(request), region),
  };
}

export default function ChooseTimeZone() {
  const { coach, timeZone, kept, usualZones, regions, region, regionLabel, regionZones } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation("coaching");
  const back = `/coaching/${coach.slug}?${new URLSearchParams([...kept, ["tz", timeZone]])}`;
  return (
    <>
      <BackHeader
        back={back}
        backLabel={t("zonePage.back")}
        title={t("zonePage.title")}
        lead={t("zonePage.lead", { name: coach.name })}
      />
      <div className="card zone-form">
        <ZoneRegionForm
          regions={regions}
          region={region}
          kept={[...kept, ["tz", timeZone]]}
          label={t("timeZone.region")}
          show={t("timeZone.showRegion")}
        />
        <Form method="get" action={`/coaching/${coach.slug}`}>
          {kept.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor="tz">{t("timeZone.label")}</label>
          <div className="zone-form__row">
            <select id="tz" name="tz" defaultValue={timeZone}>
              <ZoneGroup label={t("timeZone.usual")} zones={usualZones} />
              <ZoneGroup label={t("timeZone.regionZones", { region: regionLabel })} zones={regionZones} />
            </select>
            <button type="submit" className="button button--primary">
              {t("timeZone.apply")}
            </button>
          </div>
        </Form>
      </div>
    </>
  );
}
