import { Form } from "@remix-run/react";
import { FormAlert, SubmitButton } from "~/components/form";
import { useTranslation } from "~/i18n/react";

type Device = {
  id: string;
  browser: string | null;
  system: string | null;
  signedIn: string;
  lastSeen: string;
  current: boolean;
};

/** The member's signed-in devices on /profile: each can be signed out, or all but this one at once. */
export function DeviceList({ devices, errors }: { devices: Device[]; errors?: string[] }) {
  const { t } = useTranslation("profile");
  const others = devices.filter((device) => !device.current);
  return (
    <section className="card" id="devices" aria-labelledby="devices-title">
      <h2 id="devices-title">{t("devices.title")}</h2>
      <p>{t("devices.lead")}</p>
      <FormAlert lines={errors?.map((key) => t(key))} />
      <ul className="device-list">
        {devices.map((device) => {
          const name = t("devices.name", {
            browser: device.browser ?? t("devices.unknownBrowser"),
            system: device.system ?? t("devices.unknownSystem"),
          });
          return (
            <li key={device.id} className="device-list__item">
              <p className="device-list__name">
                {name}
                {device.current ? <span className="tag tag--done">{t("devices.thisDevice")}</span> : null}
              </p>
              <p className="muted">
                {t("devices.signedIn", { date: device.signedIn })} · {t("devices.lastSeen", { date: device.lastSeen })}
              </p>
              {device.current ? null : (
                <Form method="post">
                  <input type="hidden" name="id" value={device.id} />
                  <SubmitButton
                    name="intent"
                    value="signOutDevice"
                    pendingLabel={t("devices.signingOut")}
                    className="button button--ghost"
                  >
                    {t("devices.signOut")}
                    <span className="visually-hidden"> {name}</span>
                  </SubmitButton>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <Form method="post">
          <SubmitButton
            name="intent"
            value="signOutOthers"
            pendingLabel={t("devices.signingOut")}
            className="button button--ghost"
          >
            {t("devices.signOutOthers", { count: others.length })}
          </SubmitButton>
        </Form>
      ) : (
        <p className="muted">{t("devices.onlyThis")}</p>
      )}
    </section>
  );
}
