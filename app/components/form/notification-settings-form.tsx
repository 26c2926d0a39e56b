import { Form } from "@remix-run/react";
import { Field, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";

export const NOTIFICATION_KIND_NAMES = ["weeklyDigest", "sessionReminders", "commitmentReminders", "crewNews"] as const;

export type NotificationSettingsValues = {
  weeklyDigest: boolean;
  sessionReminders: boolean;
  commitmentReminders: boolean;
  crewNews: boolean;
  digestDay: number;
  digestHour: number;
};

type FormValues = Record<(typeof NOTIFICATION_KIND_NAMES)[number] | "digestDay" | "digestHour", string>;

const DAYS = ["1", "2", "3", "4", "5", "6", "0"];
const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour));

/**
 * "My emails": a switch per kind of notification and the weekly word's day and
 * hour in the member's zone. On /profile and on /profile/notifications, where it posts (and where
 * a refusal shows); a plain form, JavaScript or not.
 */
export function NotificationSettingsForm({
  settings,
  zone,
  reply,
}: {
  settings: NotificationSettingsValues;
  zone: string;
  reply?: unknown;
}) {
  const { t } = useTranslation("profile");
  const [form, fields] = useFormReply<FormValues>(reply, {
    id: "notifications-form",
    defaultValue: {
      ...Object.fromEntries(NOTIFICATION_KIND_NAMES.map((kind) => [kind, settings[kind] ? "on" : undefined])),
      digestDay: String(settings.digestDay),
      digestHour: String(settings.digestHour),
    },
  });
  return (
    <Form method="post" action="/profile/notifications" {...formProps(form)} className="form">
      <FormAlert lines={form.errors?.map((error) => t(error))} />
      <fieldset className="choice-cards">
        <legend>{t("notifications.kindsLegend")}</legend>
        {NOTIFICATION_KIND_NAMES.map((kind) => (
          <label key={kind} className="choice-card">
            <input {...fieldProps(fields[kind], { type: "checkbox" })} />
            <span className="choice-card__title">{t(`notifications.kinds.${kind}.label`)}</span>
            <span className="choice-card__text">{t(`notifications.kinds.${kind}.hint`)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t("notifications.whenLegend")}</legend>
        <p className="field__hint">{t("notifications.whenHint", { zone })}</p>
        <Field meta={fields.digestDay} label={t("notifications.day")} ns="profile">
          <select {...fieldProps(fields.digestDay)}>
            {DAYS.map((day) => (
              <option key={day} value={day}>
                {t(`notifications.days.${day}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field meta={fields.digestHour} label={t("notifications.hour")} ns="profile">
          <select {...fieldProps(fields.digestHour)}>
            {HOURS.map((hour) => (
              <option key={hour} value={hour}>
                {`${hour.padStart(2, "0")}:00`}
              </option>
            ))}
          </select>
        </Field>
      </fieldset>
      <SubmitButton pendingLabel={t("notifications.pending")} className="button button--primary">
        {t("notifications.save")}
      </SubmitButton>
    </Form>
  );
}
