import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "~/i18n/react";
import { redirectIfSignedIn } from "~/.server/auth/guard.server";
import { titleOnly } from "~/.server/http/title-only.server";
import { titleMeta } from "~/components/document/page-title";
import { sharedPageHandle } from "~/components/document/cacheable-page";
import { ButtonLink } from "~/components/presentational/button-link";

export const meta = titleMeta;

/** The same for every visitor without a session: rendered once, then kept (render cache). */
export const handle = sharedPageHandle;

export const loader = ({ request }: LoaderFunctionArgs) =>
  titleOnly(request, redirectIfSignedIn, "home", "landing.title");

const features = ["trainings", "tests", "goal", "coaching"] as const;

/** /home: what Cap offers, with the calls to sign up and to log in. */
export default function Landing() {
  const { t } = useTranslation("home");
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <p className="eyebrow">{t("landing.eyebrow")}</p>
          <h1>{t("landing.headline")}</h1>
          <p className="lead">{t("landing.lead")}</p>
          <p className="actions">
            <ButtonLink to="/home/register" size="large">
              {t("landing.ctaRegister")}
            </ButtonLink>
            <ButtonLink to="/home/login" tone="ghost" size="large">
              {t("landing.ctaLogin")}
            </ButtonLink>
          </p>
        </div>
      </section>
      <section className="container section" aria-labelledby="features-title">
        <h2 id="features-title">{t("landing.featuresTitle")}</h2>
        <ul className="feature-grid">
          {features.map((feature) => (
            <li key={feature} className="card feature">
              <h3>{t(`landing.features.${feature}.title`)}</h3>
              <p>{t(`landing.features.${feature}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="container section section--accent" aria-labelledby="start-title">
        <h2 id="start-title">{t("landing.startTitle")}</h2>
        <p>{t("landing.startText")}</p>
        <p className="actions">
          <ButtonLink to="/home/start-freemium">{t("landing.ctaFreemium")}</ButtonLink>
          <ButtonLink to="/home/who-are-you" tone="ghost">
            {t("landing.ctaWhoAreYou")}
          </ButtonLink>
        </p>
      </section>
    </>
  );
}
