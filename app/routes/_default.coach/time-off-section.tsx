import { Form } from "@remix-run/react";
import { Field, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";
import { TextAreaField } from "~/components/form/text-area-field";

type TimeOff = { id: string; first: string; last: string | null; reason: string | null };

/** The coach's time off: each period, removable, and a form for a new one (intent "timeOff"). */
export function TimeOffSection({
  timeOff,
  days,
  reasonLength,
  reply,
}: {
  timeOff: TimeOff[];
  days: { today: string; latest: string };
  reasonLength: number;
  reply: unknown;
}) {
  const { t } = useTranslation("coaching");
  const [timeOffForm, timeOffFields] = useFormReply<{ firstDay: string; lastDay: string; reason: string }>(reply, {
    id: "time-off-form",
    intent: "timeOff",
  });
  return (
    <section id="time-off" aria-labelledby="time-off-title">
      <h2 id="time-off-title">{t("agenda.timeOff.title")}</h2>
      <p className="muted">{t("agenda.timeOff.intro")}</p>
      {timeOff.length ? (
        <ul className="stack plain-list">
          {timeOff.map((off) => (
            <li key={off.id} className="card">
              <p>
                {off.last ? t("agenda.timeOff.range", { first: off.first, last: off.last }) : off.first}
                {off.reason ? <span className="muted"> — {off.reason}</span> : null}
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="removeTimeOff" />
                <input type="hidden" name="id" value={off.id} />
                <SubmitButton pendingLabel={t("saving")} className="button button--ghost">
                  {t("agenda.timeOff.remove")}
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t("agenda.timeOff.none")}</p>
      )}
      <Form method="post" {...formProps(timeOffForm)} className="card">
        <input type="hidden" name="intent" value="timeOff" />
        <Field label={t("agenda.timeOff.firstDay")} meta={timeOffFields.firstDay} ns="coaching">
          <input
            {...fieldProps(timeOffFields.firstDay, { type: "date" })}
            required
            min={days.today}
            max={days.latest}
          />
        </Field>
        <Field
          label={t("agenda.timeOff.lastDay")}
          meta={timeOffFields.lastDay}
          hint={t("agenda.timeOff.lastDayHint")}
          ns="coaching"
        >
          <input
            {...fieldProps(timeOffFields.lastDay, {
              type: "date",
              described: timeOffFields.lastDay.descriptionId,
            })}
            min={days.today}
          />
        </Field>
        <TextAreaField
          label={t("agenda.timeOff.reason")}
          meta={timeOffFields.reason}
          hint={t("agenda.timeOff.reasonHint")}
          ns="coaching"
          rows={2}
          maxLength={reasonLength}
        />
        <SubmitButton pendingLabel={t("saving")}>{t("agenda.timeOff.add")}</SubmitButton>
      </Form>
    </section>
  );
}
