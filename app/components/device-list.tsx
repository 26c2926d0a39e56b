import { Form } from "@remix-run/react";
import { FormAlert, SubmitButton } from "~/components/form";
import { formProps, useFormReply } from "~/components/form-reply";
import { useTranslation } from "~/i18n/react";

type Device = {
  id: string;
  browser: string | null;
  system: string | null;
  signedIn: string;
  lastSeen: string;
  current: boolean;
};

/**
 * The member's signed-in devices on /profile: each can be signed out (one form, each device's
 * button sends its id), or all but this one at once. `reply`: the action's answer (a device's
 * sign-out's refusal, or another form's answer).
 */
export function DeviceList({ devices, reply }: { devices: Device[]; reply: unknown }) {
  const { t } = useTranslation("profile");
  const [form] = useFormReply(reply, { id: "device-sign-out", intent: "signOutDevice" });
  const others = devices.filter((device) => !device.current);
  return (
    <section className="card" id="devices" aria-labelledby="devices-title">
      <h2 id="devices-title">{t("devices.title")}</h2>
      <p>{t("devices.lead")}</p>
      <Form method="post" {...formProps(form)}>
        <FormAlert lines={form.errors?.map((key) => t(key))} />
        <input type="hidden" name="intent" value="signOutDevice" />
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
                  {t("devices.signedIn", { date: device.signedIn })} ·{" "}
                  {t("devices.lastSeen", { date: device.lastSeen })}
                </p>
                {device.current ? null : (
                  // A block around the button: a grid item would stretch it.
                  <div>
                    <SubmitButton
                      name="id"
                      value={device.id}
                      pendingLabel={t("devices.signingOut")}
                      className="button button--ghost"
                    >
                      {t("devices.signOut")}
                      <span className="visually-hidden"> {name}</span>
                    </SubmitButton>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </Form>
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
