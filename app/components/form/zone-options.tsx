import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Field, type FieldMeta, SubmitButton } from "~/components/form/form";
import { fieldProps } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";

/** A choice's id and its words: a zone ("Asia/Tokyo", "Tokyo (UTC+9)"), a region ("Asia", "Asie"). */
export type ZoneOption = { value: string; label: string };

/** A `<select>`'s group of time zones, each posted by its IANA id and shown by its city and offset. */
export function ZoneGroup({ label, zones }: { label: string; zones: ZoneOption[] }) {
  return (
    <optgroup label={label}>
      {zones.map((zone) => (
        <option key={zone.value} value={zone.value}>
          {zone.label}
        </option>
      ))}
    </optgroup>
  );
}

/**
 * Which region's zones the page lists: a GET form back to the page (`?region=`), carrying the
 * page's other query values. With JavaScript the choice applies at once; without, by its button.
 */
export function ZoneRegionForm({
  regions,
  region,
  kept = [],
  label,
  show,
}: {
  regions: ZoneOption[];
  region: string;
  kept?: [string, string][];
  label: string;
  show: string;
}) {
  return (
    <Form method="get" className="zone-form__region">
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="region">{label}</label>
      <div className="zone-form__row">
        <select
          id="region"
          name="region"
          defaultValue={region}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
        >
          {regions.map((name) => (
            <option key={name.value} value={name.value}>
              {name.label}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--ghost">
          {show}
        </button>
      </div>
    </Form>
  );
}

/** The member's time-zone field (the profile and its every-zone page): the zones given, and Save. */
export function MemberZoneField({ meta, children }: { meta: FieldMeta; children: ReactNode }) {
  const { t } = useTranslation("profile");
  return (
    <Field meta={meta} label={t("timeZone.label")} ns="auth">
      <div className="zone-form__row">
        <select {...fieldProps(meta)}>{children}</select>
        <SubmitButton pendingLabel={t("timeZone.pending")} className="button button--primary">
          {t("timeZone.save")}
        </SubmitButton>
      </div>
    </Field>
  );
}
