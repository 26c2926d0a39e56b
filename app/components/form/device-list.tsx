import { Form } from "@remix-run/react";
import { FormAlert, SubmitButton, IntentButton } from "~/components/form/form";
import { formProps, useFormReply } from "~/components/form/form-reply";
import { Pagination } from "~/components/presentational/pagination";
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
 * The member's signed-in devices on /profile, a page at a time (`?devices=N`, this one first on
 * the first page): each can be signed out (one form, each device's button sends its id), or all
 * but this one at once (`total`: every page's). `reply`: the action's answer (a device's
 * sign-out's refusal, or another form's answer).
 */
export function DeviceList({
  list: devices,
  page,
  pages,
  total,
  reply,
}: {
  list: Device[];
  page: number;
  pages: number;
  total: number;
  reply: unknown;
}) {
  const { t } = useTranslation("profile");
  const [form] = useFormReply(reply, { id: "device-sign-out", intent: "signOutDevice" });
  // Every device but this one, on every page.
  const others = Math.max(total - 1, 0);
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
      <Pagination page={page} pages={pages} param="devices" hash="#devices" label={t("devices.title")} />
      {others > 0 ? (
        <Form method="post">
          <IntentButton intent="signOutOthers" pendingLabel={t("devices.signingOut")} look="ghost">
            {t("devices.signOutOthers", { count: others })}
          </IntentButton>
        </Form>
      ) : (
        <p className="muted">{t("devices.onlyThis")}</p>
      )}
    </section>
  );
}
