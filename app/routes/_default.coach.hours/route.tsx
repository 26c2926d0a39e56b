import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireCoach } from "~/.server/auth/role-guard.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert } from "~/components/form/form";
import { useTranslation } from "~/i18n/react";
import { HoursForm, OutsideHours } from "./hours-form";
import { answerHoursPost, hoursPageData } from "./hours-page.server";

export const meta = titleMeta;

/** /coach/hours: the signed-in coach's own weekly hours, taking effect at once. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { coach } = await requireCoach(request);
  const t = await translator(request, "coach");
  return {
    title: t("hours.title"),
    slug: coach.slug,
    ...(await hoursPageData(coach, await localeOf(request), new URL(request.url))),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { member, coach } = await requireCoach(request);
  const formData = await request.formData();
  return answerHoursPost({ actorId: member.id, coachId: coach.id, formData, page: "/coach/hours" });
}

export default function CoachHours() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("coach");
  return (
    <>
      <header className="page-header">
        <h1>{t("hours.title")}</h1>
        <p className="lead">{t("hours.lead")}</p>
        <p>
          <Link to={`/coaching/${data.slug}`}>{t("hours.publicPage")}</Link>
        </p>
      </header>
      {data.saved ? <FormAlert tone="success" lines={[t("hours.saved")]} /> : null}
      <OutsideHours sessions={data.outside} own />
      <HoursForm data={data} reply={useActionData()} own />
    </>
  );
}
