import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireMember } from "~/.server/auth/guard.server";
import { translator } from "~/.server/i18n/i18n.server";
import { titleMeta } from "~/components/page-title";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  const t = await translator(request);
  return { title: t("trainings.title") };
}

/** /trainings — registration lands here (SPEC §4). The catalogue comes with the learning issue. */
export default function Trainings() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("trainings.title")}</h1>
      <section className="card">
        <p>{t("trainings.empty")}</p>
      </section>
    </>
  );
}
