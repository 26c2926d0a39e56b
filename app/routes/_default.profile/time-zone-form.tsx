import { Form, Link } from "@remix-run/react";
import { formProps, useFormReply } from "~/components/form/form-reply";
import { MemberZoneField, ZoneGroup, type ZoneOption } from "~/components/form/zone-options";
import { useTranslation } from "~/i18n/react";

/**
 * The member's time zone: the usual ones here, every zone on /profile/time-zone (400-odd names
 * would weigh on this page), which is also where this form posts and where a refusal shows.
 */
export function TimeZoneForm({ zone, label, usual }: { zone: string; label: string; usual: ZoneOption[] }) {
  const { t } = useTranslation("profile");
  const choices = usual.some((option) => option.value === zone) ? usual : [{ value: zone, label }, ...usual];
  const [form, fields] = useFormReply<{ timeZone: string }>(undefined, {
    id: "zone",
    defaultValue: { timeZone: zone },
  });
  return (
    <section className="card" id="time-zone" aria-labelledby="time-zone-title">
      <h2 id="time-zone-title">{t("timeZone.title")}</h2>
      <p>{t("timeZone.current", { zone: label })}</p>
      <Form method="post" action="/profile/time-zone" {...formProps(form)} className="form zone-form">
        <MemberZoneField meta={fields.timeZone}>
          <ZoneGroup label={t("timeZone.usual")} zones={choices} />
        </MemberZoneField>
        <p>
          <Link to="/profile/time-zone" className="zone-form__other">
            {t("timeZone.other")}
          </Link>
        </p>
      </Form>
    </section>
  );
}
