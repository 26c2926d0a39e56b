import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { bookingQuery } from "~/.server/coaching/booking/booking-calendar.server";
import { activeCoaches } from "~/.server/coaching/booking/free-times.server";
import { sessionsOf } from "~/.server/coaching/sessions/member-sessions.server";
import { zoneName } from "~/.server/calendar/zone-names.server";
import { sessionCard } from "~/.server/coaching/sessions/session-views.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { pageParam } from "~/.server/paging/paging.server";
import { titleMeta } from "~/components/document/page-title";
import { Pagination } from "~/components/presentational/pagination";
import { SessionList } from "~/components/presentational/coaching-session";
import { useTranslation } from "~/i18n/react";
import { PageHeader } from "~/components/presentational/page-header";
import { ButtonLine } from "~/components/presentational/button-link";
import { readsHandle } from "~/components/document/cacheable-page";

/** The coaching pages show a coach's free times, or a session among them: other members' bookings end a kept one too. */
export const handle = readsHandle("bookings");

export const meta = titleMeta;

const PAST_SESSIONS_PAGE_SIZE = 10;

/** /coaching — step 1, choose a coach; and the member's upcoming and past sessions. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const lang = await localeOf(request);
  const t = await translator(lang, "coaching");
  const query = bookingQuery(new URL(request.url).searchParams, member.time_zone);
  const now = new Date();
  const [coaches, sessions] = await Promise.all([
    activeCoaches(),
    sessionsOf(member.id, now, { page: pageParam(new URL(request.url)), limit: PAST_SESSIONS_PAGE_SIZE }),
  ]);
  // The step's links keep what the member brought: their time zone and the module they came from.
  const carried = new URLSearchParams();
  if (query.from) carried.set("from", query.from);
  if (new URL(request.url).searchParams.has("tz")) carried.set("tz", query.timeZone);
  return {
    title: t("title"),
    coaches: coaches.map((coach) => ({
      slug: coach.slug,
      name: coach.name,
      photo: coach.photo,
      bio: coach.bio[lang],
      languages: coach.languages,
      zone: zoneName(lang, coach.timeZone, now),
      minutes: coach.sessionMinutes,
      path: `/coaching/${coach.slug}${carried.size ? `?${carried}` : ""}`,
    })),
    upcoming: sessions.upcoming.map((session) => sessionCard(session, lang, now, session.timeZone, member.time_zone)),
    past: sessions.past.map((session) => sessionCard(session, lang, now, session.timeZone, member.time_zone)),
    pastPage: { page: sessions.pastPage.page, pages: sessions.pastPage.pages },
  };
}

export default function Coaching() {
  const { coaches, upcoming, past, pastPage } = useLoaderData<typeof loader>();
  const { t } = useTranslation("coaching");
  return (
    <>
      <PageHeader title={t("title")} lead={t("lead")} />

      <section aria-labelledby="coaches-title">
        <h2 id="coaches-title">{t("coaches.title")}</h2>
        <ul className="coach-list">
          {coaches.map((coach) => (
            <li key={coach.slug} className="card coach">
              <img className="coach__photo" src={coach.photo} alt="" width={72} height={72} />
              <div className="coach__body">
                <h3 className="coach__name">{coach.name}</h3>
                <p>{coach.bio}</p>
                <ul className="tags">
                  <li className="tag">
                    {t("session.title")} · {coach.minutes} min
                  </li>
                  <li className="tag">
                    {t("coaches.languages", {
                      languages: coach.languages.map((l) => t(`coaches.lang.${l}`)).join(", "),
                    })}
                  </li>
                  <li className="tag">{t("coaches.zone", { zone: coach.zone })}</li>
                </ul>
                <ButtonLine to={coach.path}>
                  {t("coaches.choose")}
                  <span className="visually-hidden"> {t("coaches.chooseNamed", { name: coach.name })}</span>
                </ButtonLine>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby="sessions-title" id="sessions">
        <h2 id="sessions-title">{t("mine.title")}</h2>
        <h3>{t("mine.upcoming")}</h3>
        {upcoming.length ? <SessionList sessions={upcoming} /> : <p className="muted">{t("mine.none")}</p>}
        {past.length ? (
          <>
            <h3>{t("mine.past")}</h3>
            <SessionList sessions={past} />
            <Pagination {...pastPage} hash="#sessions" label={t("mine.past")} />
          </>
        ) : null}
      </section>
    </>
  );
}
