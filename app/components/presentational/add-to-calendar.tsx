import { useTranslation } from "~/i18n/react";

/** Where the session page's calendar links lead (see webCalendarLinks on the server). */
export type CalendarLinks = { ics: string; google: string; outlook: string };

/**
 * "Add to my calendar": the invitation's .ics to download (what the confirmation mail attaches),
 * and the web calendars' new-event forms filled in. Plain links: nothing needs a script.
 */
export function AddToCalendar({ links }: { links: CalendarLinks }) {
  const { t } = useTranslation("coaching");
  const newTab = <span className="visually-hidden"> {t("addToCalendar.newTab")}</span>;
  return (
    <section id="add-to-calendar" className="card" aria-labelledby="add-to-calendar-title">
      <h2 id="add-to-calendar-title">{t("addToCalendar.title")}</h2>
      <p className="muted">{t("addToCalendar.text")}</p>
      <p className="actions">
        {/* A plain link to a file: the browser downloads it, no client-side navigation. */}
        <a href={links.ics} download className="button button--ghost">
          {t("addToCalendar.ics")}
        </a>
        <a href={links.google} rel="noopener noreferrer" target="_blank" className="button button--ghost">
          {t("addToCalendar.google")}
          {newTab}
        </a>
        <a href={links.outlook} rel="noopener noreferrer" target="_blank" className="button button--ghost">
          {t("addToCalendar.outlook")}
          {newTab}
        </a>
      </p>
    </section>
  );
}
