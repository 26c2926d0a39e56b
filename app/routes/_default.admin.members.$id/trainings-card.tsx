import { Form, useActionData } from "@remix-run/react";
import { FormAlert, SubmitButton } from "~/components/form/form";
import { useFormReply } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";

type TrainingLine = { slug: string; title: string; payable: boolean; state: string; percent: number };

/**
 * Where the member stands in each training: locked or open, and how far; a payable one is opened
 * or withdrawn here (one small form each).
 */
export function TrainingsCard({ trainings }: { trainings: TrainingLine[] }) {
  const { t } = useTranslation("admin");
  const [form] = useFormReply(useActionData(), { id: "trainings", intent: ["grantTraining", "withdrawTraining"] });
  return (
    <section className="card" aria-labelledby="trainings-title">
      <h2 id="trainings-title">{t("trainings.title")}</h2>
      <p className="muted">{t("trainings.lead")}</p>
      <FormAlert
        lines={Object.values(form.allErrors)
          .flat()
          .map((error) => t(error))}
      />
      <ul className="admin-roles">
        {trainings.map((training) => {
          const open = training.state !== "locked";
          const change = open ? "withdrawTraining" : "grantTraining";
          return (
            <li key={training.slug}>
              <span>{training.title}</span>
              <span>
                {training.payable ? null : <span className="tag">{t("trainings.free")}</span>}{" "}
                <span className={open ? "tag tag--done" : "tag"}>
                  {t(`trainings:trainings.states.${training.state}`)}
                </span>{" "}
                {t("trainings.percent", { percent: training.percent })}
              </span>
              {training.payable ? (
                <Form method="post" className="admin-training-change">
                  <input type="hidden" name="training" value={training.slug} />
                  <SubmitButton
                    name="intent"
                    value={change}
                    pendingLabel={t("trainings.pending")}
                    className={open ? "button button--ghost" : "button button--primary"}
                  >
                    {t(open ? "trainings.withdraw" : "trainings.grant", { training: training.title })}
                  </SubmitButton>
                </Form>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
