import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth/role-guard.server";
import { coachById } from "~/.server/coaching/coaches/coach-hours.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert } from "~/components/form/form";
import { useTranslation } from "~/i18n/react";
import { HoursForm, OutsideHours } from "../_default.coach.hours/hours-form";
import { answerHoursPost, hoursPageData } from "../_default.coach.hours/hours-page.server";

export const meta = titleMeta;

/** /admin/coaches/<id>/hours: an admin sets any coach's weekly hours, as the coach would (the page is the coach's, in its folder). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  const coach = await coachById(params.id ?? "");
  if (!coach) notFound(request);
  const t = await translator(request, "admin");
  return {
    title: t("coachHours.title", { name: coach.name }),
    coach: { id: coach.id, name: coach.name },
    ...(await hoursPageData(coach, await localeOf(request), new URL(request.url))),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member: admin } = await requireRole(request, "admin");
  const coach = await coachById(params.id ?? "");
  if (!coach) notFound(request);
  const formData = await request.formData();
  return answerHoursPost({ actorId: admin.id, coachId: coach.id, formData, page: `/admin/coaches/${coach.id}/hours` });
}

export default function AdminCoachHours() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <>
      <p>
        <Link to={`/admin/coaches/${data.coach.id}`}>{t("coachHours.back", { name: data.coach.name })}</Link>
      </p>
      <header className="page-header">
        <h1>{data.title}</h1>
        <p className="lead">{t("coachHours.lead")}</p>
      </header>
      {data.saved ? <FormAlert tone="success" lines={[t("coachHours.saved")]} /> : null}
      <OutsideHours sessions={data.outside} own={false} />
      <HoursForm data={data} reply={useActionData()} own={false} />
    </>
  );
}
