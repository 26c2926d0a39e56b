import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "~/i18n/react";
import { guardPublicPage } from "~/.server/auth/guard.server";
import { titleOnly } from "~/.server/http/title-only.server";
import { titleMeta } from "~/components/document/page-title";
import { sharedPageHandle } from "~/components/document/cacheable-page";
import { NarrowPage } from "~/components/presentational/narrow-page";
import { ButtonLink } from "~/components/presentational/button-link";

export const meta = titleMeta;

/** The same for every visitor without a session: rendered once, then kept (render cache). */
export const handle = sharedPageHandle;

export const loader = ({ request }: LoaderFunctionArgs) =>
  titleOnly(request, guardPublicPage, "home", "comingSoon.title");

/** /coming-soon: what is on its way, and what a visitor can already do. */
export default function ComingSoon() {
  const { t } = useTranslation("home");
  return (
    <NarrowPage eyebrow={t("comingSoon.eyebrow")} title={t("comingSoon.title")} lead={t("comingSoon.lead")}>
      <ul className="check-list">
        <li>{t("comingSoon.items.mobile")}</li>
        <li>{t("comingSoon.items.groups")}</li>
        <li>{t("comingSoon.items.certificates")}</li>
      </ul>
      <p className="actions">
        <ButtonLink to="/home/register">{t("comingSoon.cta")}</ButtonLink>
      </p>
    </NarrowPage>
  );
}
