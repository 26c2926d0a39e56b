import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { redirectIfSignedIn } from "~/.server/auth/guard.server";
import { titleOnly } from "~/.server/http/title-only.server";
import { titleMeta } from "~/components/document/page-title";
import { sharedPageHandle } from "~/components/document/cacheable-page";
import { NarrowPage } from "~/components/presentational/narrow-page";
import { defaultUserType, userTypes } from "~/forms/user-type";

export const meta = titleMeta;

/** The same for every visitor without a session: rendered once, then kept (render cache). */
export const handle = sharedPageHandle;

export const loader = ({ request }: LoaderFunctionArgs) =>
  titleOnly(request, redirectIfSignedIn, "home", "whoAreYou.title");

/**
 * /home/who-are-you: the visitor picks who they are; the choice travels to registration as
 * ?user_type= (a GET form, so it needs no JavaScript and no state on the server).
 */
export default function WhoAreYou() {
  const { t } = useTranslation("home");
  return (
    <NarrowPage title={t("whoAreYou.title")} lead={t("whoAreYou.lead")}>
      <Form method="get" action="/home/register" className="stack">
        <fieldset className="choice-cards">
          <legend className="visually-hidden">{t("whoAreYou.legend")}</legend>
          {userTypes.map((type) => (
            <label key={type} className="choice-card">
              <input type="radio" name="user_type" value={type} defaultChecked={type === defaultUserType} />
              <span className="choice-card__title">{t(`whoAreYou.types.${type}.title`)}</span>
              <span className="choice-card__text">{t(`whoAreYou.types.${type}.text`)}</span>
            </label>
          ))}
        </fieldset>
        <p className="actions">
          <button type="submit" className="button button--primary button--large">
            {t("whoAreYou.continue")}
          </button>
        </p>
      </Form>
    </NarrowPage>
  );
}
