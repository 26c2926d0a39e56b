import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { translator } from "~/.server/i18n/i18n.server";
import { FormAlert } from "~/components/form/form";
import { titleMeta } from "~/components/document/page-title";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/** /coach/link-renewed — after a coach renewed their agenda link: the new one is in their mailbox. */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await translator(request, "coaching");
  return { title: t("agenda.renewed.title") };
}

export default function AgendaRenewed() {
  const { title } = useLoaderData<typeof loader>();
  const { t } = useTranslation("coaching");
  return (
    <section className="container section narrow">
      <h1>{title}</h1>
      <FormAlert tone="success" lines={[t("agenda.renewed.sent")]} />
      <p className="muted">{t("agenda.renewed.old")}</p>
    </section>
  );
}
