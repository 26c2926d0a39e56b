import { Form } from "@remix-run/react";
import { ErrorList, type FieldMeta, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";
import { TextAreaField } from "~/components/form/text-area-field";

type Shareable = {
  goal: string | null;
  lifeGps: string | null;
  results: { slug: string; title: string; kind: "test" | "training" }[];
};
type Prep = { topics: string; shareGoal: boolean; shareLifeGps: boolean; sharedResult: string | null };
type PrepFields = { topics: string; goal: string; lifeGps: string; result: string };

/**
 * The member's prep of a session: what they want to talk about, and what the
 * coach may see — each box unticked until they tick it, one result at most. A plain form.
 */
export function PrepForm({
  coachName,
  prep,
  shareable,
  topicsLength,
  locked,
  reply,
}: {
  coachName: string;
  prep: Prep;
  shareable: Shareable;
  topicsLength: number;
  /** The session has started or is cancelled: the member reads their prep, nothing more. */
  locked: boolean;
  reply: unknown;
}) {
  const { t } = useTranslation("coaching");
  const shared = shareable.results.some((result) => result.slug === prep.sharedResult) ? prep.sharedResult : "";
  const [form, fields] = useFormReply<PrepFields>(reply, {
    id: "prep",
    defaultValue: {
      topics: prep.topics,
      goal: prep.shareGoal ? "on" : undefined,
      lifeGps: prep.shareLifeGps ? "on" : undefined,
      result: shared,
    },
  });
  return (
    <Form method="post" {...formProps(form)} className="stack">
      <FormAlert lines={form.errors?.map((error) => t(error))} />
      <fieldset disabled={locked} className="session-prep__fields stack">
        <TextAreaField
          meta={fields.topics}
          label={t("prep.topics")}
          hint={t("prep.topicsHint", { max: topicsLength, coach: coachName })}
          ns="coaching"
          rows={6}
          maxLength={topicsLength}
        />

        <fieldset className="question">
          <legend>{t("prep.shareLegend", { coach: coachName })}</legend>
          <div className="answers">
            <ShareBox
              meta={fields.goal}
              label={shareable.goal ? t("prep.goal", { title: shareable.goal }) : null}
              none={t("prep.noGoal")}
            />
            <ShareBox
              meta={fields.lifeGps}
              label={shareable.lifeGps ? t("prep.lifeGps", { date: shareable.lifeGps }) : null}
              none={t("prep.noLifeGps")}
            />
          </div>
        </fieldset>

        <fieldset
          className="question"
          aria-describedby={fields.result.errors ? fields.result.errorId : undefined}
          aria-invalid={fields.result.errors ? true : undefined}
        >
          <legend>{t("prep.resultLegend")}</legend>
          {shareable.results.length === 0 ? <p className="muted">{t("prep.noResults")}</p> : null}
          <div className="answers">
            {[{ slug: "", title: t("prep.resultNone"), kind: null }, ...shareable.results].map((result) => (
              <label key={result.slug || "none"} className="answer">
                <input
                  {...fieldProps({ ...fields.result, errors: undefined }, { type: "radio", value: result.slug })}
                />
                <span>
                  {result.title}
                  {result.kind ? <span className="muted"> · {t(`prep.kind.${result.kind}`)}</span> : null}
                </span>
              </label>
            ))}
          </div>
          <ErrorList id={fields.result.errorId} errors={fields.result.errors} ns="coaching" />
        </fieldset>
      </fieldset>
      {locked ? null : <SubmitButton pendingLabel={t("prep.saving")}>{t("prep.save")}</SubmitButton>}
    </Form>
  );
}

/** A box to share one thing with the coach, or the line saying the member has none yet. */
function ShareBox({ meta, label, none }: { meta: FieldMeta; label: string | null; none: string }) {
  return (
    <>
      {label ? (
        <label className="answer">
          <input {...fieldProps(meta, { type: "checkbox" })} />
          <span>{label}</span>
        </label>
      ) : (
        <p className="muted">{none}</p>
      )}
      <ErrorList id={meta.errorId} errors={meta.errors} ns="coaching" />
    </>
  );
}
