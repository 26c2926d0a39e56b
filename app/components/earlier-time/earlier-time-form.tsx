import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/form/form";
import { useTranslation } from "~/i18n/react";

/**
 * On the member's session page: ask to be told when an earlier time frees up
 * with the coach, or stop. One button, a plain form; the page's action answers either intent.
 */
export function EarlierTimeForm({ coachName, waiting }: { coachName: string; waiting: boolean }) {
  const { t } = useTranslation("coaching");
  return (
    <section id="earlier" className="card" aria-labelledby="earlier-title">
      <h2 id="earlier-title">{t("earlier.title")}</h2>
      <p className={waiting ? undefined : "muted"}>
        {t(waiting ? "earlier.waitingText" : "earlier.askText", { coach: coachName })}
      </p>
      <Form method="post" className="actions">
        <SubmitButton
          name="intent"
          value={waiting ? "stopWaitingEarlier" : "waitEarlier"}
          pendingLabel={t("saving")}
          className={waiting ? "button button--ghost" : "button button--primary"}
        >
          {t(waiting ? "earlier.stop" : "earlier.ask")}
        </SubmitButton>
      </Form>
    </section>
  );
}
