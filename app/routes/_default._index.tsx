import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireMember } from "~/.server/auth/guard.server";
import { translator } from "~/.server/i18n/i18n.server";
import { titleMeta } from "~/components/page-title";

export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  const t = await translator(request);
  return { title: t("overview.title") };
}

/** / — the overview. Its sections (goal, trainings, weather, schedule) come with the member space. */
export default function Overview() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("overview.title")}</h1>
      <section className="card">
        <h2>{t("overview.welcomeTitle")}</h2>
        <p>{t("overview.welcomeText")}</p>
        <p className="actions">
          <Link to="/trainings" className="button button--primary">
            {t("overview.toTrainings")}
          </Link>
        </p>
      </section>
    </>
  );
}
