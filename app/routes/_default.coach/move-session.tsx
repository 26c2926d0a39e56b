import { Form, Link } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import type { movePageData } from "../_default.coach.agenda_.sessions.$id.move/move-page.server";
import { FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { SessionFacts } from "~/components/presentational/coaching-session";
import { useTranslation } from "~/i18n/react";
import { MemberName } from "./member-name";
import { ButtonLink } from "~/components/presentational/button-link";

type Move = NonNullable<SerializeFrom<typeof movePageData>>;

/**
 * Moving one session: the session as it stands, then the coach's free times of a week as radio
 * buttons by day (a plain form: it works without JavaScript), with links to the weeks around it.
 */
export function MoveSession({
  move,
  coachName,
  base,
  reply,
}: {
  move: Move;
  coachName: string;
  base: string;
  reply: unknown;
}) {
  const { t } = useTranslation("coach");
  // The form's own refusals (a session no longer changeable) are keys of "coaching".
  const { t: tc } = useTranslation("coaching");
  const { session, days, week } = move;
  const [form, fields] = useFormReply<{ start: string }>(reply, { id: "move" });
  const weekLink = (from: string) => `?from=${from}#times`;
  return (
    <div className="stack">
      <div className="card">
        <MemberName name={session.memberName} photo={null} />
        <SessionFacts coachName={coachName} {...session} />
      </div>
      <FormAlert lines={form.errors?.map((error) => tc(error))} />
      {session.changeable ? (
        <Form method="post" {...formProps(form)} id="times" className="stack">
          <p className="muted">{t("agenda.moveIntro", { name: session.memberName })}</p>
          <nav className="pagination" aria-label={t("agenda.weeks")}>
            {week.previous ? (
              <Link to={weekLink(week.previous)} rel="prev">
                ← {t("agenda.previousWeek")}
              </Link>
            ) : null}
            {week.next ? (
              <Link to={weekLink(week.next)} rel="next">
                {t("agenda.nextWeek")} →
              </Link>
            ) : null}
          </nav>
          <fieldset
            className="question"
            aria-describedby={fields.start.errors ? fields.start.errorId : undefined}
            aria-invalid={fields.start.errors ? true : undefined}
          >
            <legend>{t("agenda.newTime", { zone: session.zone })}</legend>
            {days.length === 0 ? <p className="muted">{t("agenda.noFreeTime")}</p> : null}
            <div className="move-days">
              {days.map((day) => (
                <div key={day.day} className="move-day">
                  <h2>{day.label}</h2>
                  <div className="answers move-times">
                    {day.slots.map((slot) => (
                      <label key={slot.start} className="answer">
                        <input
                          {...fieldProps({ ...fields.start, errors: undefined }, { type: "radio", value: slot.start })}
                          required
                        />
                        <span>{slot.time}</span>
                      </label>
                    ))}
                  </div>
                </div>
              ))}
            </div>
            {fields.start.errors ? (
              <p id={fields.start.errorId} className="field__errors" role="alert">
                {t(fields.start.errors[0])}
              </p>
            ) : null}
          </fieldset>
          <div className="actions">
            <SubmitButton pendingLabel={t("agenda.moving")}>{t("agenda.moveConfirm")}</SubmitButton>
            <ButtonLink to={`${base}#upcoming`} tone="ghost">
              {t("agenda.back")}
            </ButtonLink>
          </div>
        </Form>
      ) : (
        <>
          <FormAlert tone="info" lines={[t("agenda.notChangeable")]} />
          <Link to={`${base}#upcoming`}>{t("agenda.back")}</Link>
        </>
      )}
    </div>
  );
}
