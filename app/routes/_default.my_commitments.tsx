import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireMember } from "~/.server/auth/guard.server";
import { translator } from "~/.server/i18n/i18n.server";
import { titleMeta } from "~/components/page-title";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  const t = await translator(request);
  return { title: t("commitments.title") };
}

/** /my_commitments — the list and its forms come with the member-space issue. */
export default function MyCommitments() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("commitments.title")}</h1>
      <section className="card">
        <p>{t("commitments.empty")}</p>
      </section>
    </>
  );
}
