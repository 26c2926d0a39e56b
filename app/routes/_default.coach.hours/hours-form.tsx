import { Form } from "@remix-run/react";
import { ErrorList, Field, type FieldMeta, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { ZoneGroup } from "~/components/form/zone-options";
import { useTranslation } from "~/i18n/react";
import type { HoursPageData } from "./hours-page.server";

/**
 * A coach's weekly hours (the coach's page and an admin's): a fieldset per weekday with a few rows
 * of two time inputs (an empty row is no window; save to get another row), then the session's
 * length, the buffer, the notice, the horizon and the zone. One post, working without JavaScript;
 * a refusal comes back under its field with what was typed, nothing saved.
 */
export function HoursForm({ data, reply, own }: { data: HoursPageData; reply: unknown; own: boolean }) {
  const { t } = useTranslation("coach");
  // The coach's own words ("my hours"), or an admin's about the coach ("their hours").
  const whose = (key: string) => (own ? `hours.${key}` : `hours.coach${key[0].toUpperCase()}${key.slice(1)}`);
  const [form, fields] = useFormReply(reply, { id: "hours", defaultValue: data.values });
  const number = (
    name: "sessionMinutes" | "bufferMinutes" | "minNoticeHours" | "horizonDays" | "changeNoticeHours",
  ) => (
    <Field meta={fields[name]} label={t(`hours.${name}`)} hint={t(`hours.${name}Hint`, data.limits[name])} ns="coach">
      <input
        {...fieldProps(fields[name], { type: "number", described: fields[name].descriptionId })}
        inputMode="numeric"
        min={data.limits[name].min}
        max={data.limits[name].max}
        required
      />
    </Field>
  );
  return (
    // Saved hours come back sorted and compacted: a new key puts them in fresh inputs (uncontrolled ones keep what was typed).
    <Form key={JSON.stringify(data.values)} method="post" {...formProps(form)} className="form hours-form">
      <FormAlert lines={form.errors?.map((error) => t(error))} />
      <section className="card" aria-labelledby="hours-week-title">
        <h2 id="hours-week-title">{t("hours.week")}</h2>
        <p className="field__hint">{t("hours.weekHint")}</p>
        {data.days.map((day) => (
          <fieldset key={day.key} className="hours-day" aria-describedby={`hours-${day.key}-error`}>
            <legend>{day.name}</legend>
            <ErrorList id={`hours-${day.key}-error`} errors={fields[day.key].errors} ns="coach" />
            {Array.from({ length: day.rows }, (_, index) => {
              const from = fields[`${day.key}[${index}].from` as `${string}[${number}]`];
              const to = fields[`${day.key}[${index}].to` as `${string}[${number}]`];
              const rowLabel = t("hours.rowLabel", { day: day.name, row: index + 1 });
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows are fixed slots, named by their index
                <div key={index} className="hours-row">
                  <TimeField meta={from} label={t("hours.from")} row={rowLabel} />
                  <TimeField meta={to} label={t("hours.to")} row={rowLabel} />
                </div>
              );
            })}
          </fieldset>
        ))}
      </section>
      <section className="card" aria-labelledby="hours-sessions-title">
        <h2 id="hours-sessions-title">{t("hours.sessions")}</h2>
        <div className="hours-settings">
          {number("sessionMinutes")}
          {number("bufferMinutes")}
          {number("minNoticeHours")}
          {number("horizonDays")}
          {number("changeNoticeHours")}
        </div>
        <Field meta={fields.timeZone} label={t(whose("timeZone"))} hint={t(whose("timeZoneHint"))} ns="coach">
          <select {...fieldProps(fields.timeZone, { described: fields.timeZone.descriptionId })}>
            <ZoneGroup label={t("hours.usualZones")} zones={data.zones.usual} />
            {data.zones.regionZones.length ? (
              <ZoneGroup label={t("hours.regionZones", { region: data.zones.region })} zones={data.zones.regionZones} />
            ) : null}
          </select>
        </Field>
      </section>
      <SubmitButton pendingLabel={t("hours.saving")} className="button button--primary">
        {t(whose("save"))}
      </SubmitButton>
    </Form>
  );
}

/** The upcoming sessions outside the hours: they stay booked; the coach sees them, nothing is dropped. */
export function OutsideHours({ sessions, own }: { sessions: HoursPageData["outside"]; own: boolean }) {
  const { t } = useTranslation("coach");
  if (sessions.length === 0) return null;
  const key = own ? "hours.outside" : "hours.coachOutside";
  return (
    <section className="card hours-outside" aria-labelledby="hours-outside-title">
      <h2 id="hours-outside-title">{t(`${key}Title`, { count: sessions.length })}</h2>
      <p>{t(`${key}Lead`)}</p>
      <ul>
        {sessions.map((session) => (
          <li key={session.id}>
            <strong>{session.day}</strong>, {session.time} — {session.member}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One end of a window; its label names the day and row for a screen reader. */
function TimeField({ meta, label, row }: { meta: FieldMeta; label: string; row: string }) {
  return (
    <div className={meta.errors ? "field field--invalid" : "field"}>
      <label htmlFor={meta.id}>
        {label}
        <span className="visually-hidden"> ({row})</span>
      </label>
      <input {...fieldProps(meta, { type: "time" })} />
      <ErrorList id={meta.errorId} errors={meta.errors} ns="coach" />
    </div>
  );
}
