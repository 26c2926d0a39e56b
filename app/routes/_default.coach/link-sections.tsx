import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/form/form";
import { useTranslation } from "~/i18n/react";

/** The .ics feed's address, and renewing the private link (the new one goes to the coach's address). */
export function LinkSections({ feedUrl }: { feedUrl: string }) {
  const { t } = useTranslation("coaching");
  return (
    <>
      <section id="feed" aria-labelledby="feed-title">
        <h2 id="feed-title">{t("agenda.feed.title")}</h2>
        <p className="muted">{t("agenda.feed.intro")}</p>
        <p>
          <a href={feedUrl} className="break-all">
            {feedUrl}
          </a>
        </p>
      </section>

      <section id="renew" aria-labelledby="renew-title">
        <h2 id="renew-title">{t("agenda.renew.title")}</h2>
        <p className="muted">{t("agenda.renew.intro")}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="renew" />
          <SubmitButton pendingLabel={t("saving")} className="button button--ghost">
            {t("agenda.renew.action")}
          </SubmitButton>
        </Form>
      </section>
    </>
  );
}
