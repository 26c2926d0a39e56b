import { useTranslation } from "~/i18n/react";

type SecurityEvent = {
  id: number;
  kind: string;
  at: string;
  when: string;
  browser: string | null;
  system: string | null;
};

/** The profile's "Security" section: the account's last events, newest first, each with its device. */
export function SecurityEvents({ events }: { events: SecurityEvent[] }) {
  const { t } = useTranslation("profile");
  return (
    <section className="card" id="security" aria-labelledby="security-title">
      <h2 id="security-title">{t("security.title")}</h2>
      <p>{t("security.lead")}</p>
      {events.length === 0 ? (
        <p className="muted">{t("security.empty")}</p>
      ) : (
        <ul className="device-list">
          {events.map((event) => (
            <li key={event.id} className="device-list__item">
              <p className="device-list__name">{t(`security.kinds.${event.kind}`)}</p>
              <p className="muted">
                <time dateTime={event.at}>{event.when}</time>
              </p>
              <p className="muted">
                {t("security.device", {
                  browser: event.browser ?? t("security.unknownBrowser"),
                  system: event.system ?? t("security.unknownSystem"),
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
