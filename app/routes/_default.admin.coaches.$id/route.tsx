import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth/role-guard.server";
import { coachById, memberHasPhoto, profileOf } from "~/.server/coaching/coaches/coach-profile.server";
import { notFound } from "~/.server/http/not-found.server";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert } from "~/components/form/form";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { useTranslation } from "~/i18n/react";
import { CoachProfileForms } from "../_default.coach.profile/coach-profile-forms";
import { answerCoachProfilePost, profileSavedMessages } from "../_default.coach.profile/profile-post.server";

export const meta = titleMeta;

/**
 * /admin/coaches/<id>: a coach's public profile as the operator edits it (the same forms as the
 * coach's own page, which its folder holds), with the way to their hours and to retiring them.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  const coach = await coachById(params.id ?? "");
  if (!coach) notFound(request);
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    title: coach.name,
    profile: profileOf(coach),
    memberPhoto: await memberHasPhoto(coach),
    // Inside the loader: the server module's list does not reach the browser's bundle.
    saved: [...profileSavedMessages, "made", "retired"].find((key) => key === saved) ?? null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member: admin } = await requireRole(request, "admin");
  const coach = await coachById(params.id ?? "");
  if (!coach) notFound(request);
  const formData = await request.formData();
  return answerCoachProfilePost({
    actorId: admin.id,
    coachId: coach.id,
    formData,
    page: `/admin/coaches/${coach.id}`,
  });
}

export default function AdminCoach() {
  const { profile, memberPhoto, saved } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  return (
    <>
      <p>
        <Link to="/admin/coaches">{t("coaches.back")}</Link>
      </p>
      <h1>{profile.name}</h1>
      {saved ? (
        <FormAlert
          tone="success"
          lines={[
            saved === "made" || saved === "retired" ? t(`coaches.saved.${saved}`) : t(`coach:profile.saved.${saved}`),
          ]}
        />
      ) : null}
      <UnknownIntentAlert reply={reply} />
      <section className="card" aria-labelledby="coach-state-title">
        <h2 id="coach-state-title">{t("coaches.state")}</h2>
        <ul className="tags">
          <li className={profile.retired ? "tag tag--late" : "tag tag--done"}>
            {t(profile.retired ? "coaches.retired" : "coaches.active")}
          </li>
        </ul>
        <ul className="admin-links">
          {profile.retired ? null : (
            <li>
              <Link to={`/coaching/${profile.slug}`}>{t("coaches.publicPage")}</Link>
            </li>
          )}
          <li>
            <Link to={`/admin/coaches/${profile.id}/hours`}>{t("coaches.hoursLink")}</Link>
          </li>
          {profile.memberId ? (
            <li>
              <Link to={`/admin/members/${profile.memberId}`}>{t("coaches.memberLink")}</Link>
            </li>
          ) : null}
          {profile.retired ? null : (
            <li>
              <Link to={`/admin/coaches/${profile.id}/retire`}>{t("coaches.retireLink")}</Link>
            </li>
          )}
        </ul>
      </section>
      <CoachProfileForms profile={profile} reply={reply} memberPhoto={memberPhoto} />
    </>
  );
}
