import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "~/i18n/react";
import { redirectIfSignedIn } from "~/.server/auth/guard.server";
import { titleOnly } from "~/.server/http/title-only.server";
import { titleMeta } from "~/components/document/page-title";
import { sharedPageHandle } from "~/components/document/cacheable-page";
import { NarrowPage } from "~/components/presentational/narrow-page";
import { ButtonLink } from "~/components/presentational/button-link";

export const meta = titleMeta;

/** The same for every visitor without a session: rendered once, then kept (render cache). */
export const handle = sharedPageHandle;

export const loader = ({ request }: LoaderFunctionArgs) =>
  titleOnly(request, redirectIfSignedIn, "home", "freemium.title");

const included = ["onboarding", "tests", "goal", "commitments"] as const;

/** /home/start-freemium: the free offer, leading to registration. */
export default function StartFreemium() {
  const { t } = useTranslation("home");
  return (
    <NarrowPage eyebrow={t("freemium.eyebrow")} title={t("freemium.title")} lead={t("freemium.lead")}>
      <div className="card">
        <h2>{t("freemium.includedTitle")}</h2>
        <ul className="check-list">
          {included.map((item) => (
            <li key={item}>{t(`freemium.included.${item}`)}</li>
          ))}
        </ul>
        <p className="muted">{t("freemium.later")}</p>
      </div>
      <p className="actions">
        <ButtonLink to="/home/register" size="large">
          {t("freemium.cta")}
        </ButtonLink>
      </p>
    </NarrowPage>
  );
}
