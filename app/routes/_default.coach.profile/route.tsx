import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireCoach } from "~/.server/auth/role-guard.server";
import { memberHasPhoto, profileOf } from "~/.server/coaching/coaches/coach-profile.server";
import { translator } from "~/.server/i18n/i18n.server";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert } from "~/components/form/form";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { useTranslation } from "~/i18n/react";
import { CoachProfileForms } from "./coach-profile-forms";
import { answerCoachProfilePost, profileSavedMessages } from "./profile-post.server";

export const meta = titleMeta;

/**
 * /coach/profile — the coach's public profile, edited by themselves: what
 * /coaching and /coaching/<slug> show members, at once after saving.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { coach } = await requireCoach(request);
  const t = await translator(request, "coach");
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    title: t("profile.title"),
    profile: profileOf(coach),
    memberPhoto: await memberHasPhoto(coach),
    saved: profileSavedMessages.find((key) => key === saved) ?? null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { member, coach } = await requireCoach(request);
  const formData = await request.formData();
  return answerCoachProfilePost({ actorId: member.id, coachId: coach.id, formData, page: "/coach/profile" });
}

export default function CoachProfilePage() {
  const { profile, memberPhoto, saved } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("coach");
  return (
    <>
      <header className="page-header">
        <h1>{t("profile.title")}</h1>
        <p className="lead">{t("profile.lead")}</p>
        {profile.retired ? null : (
          <p>
            <Link to={`/coaching/${profile.slug}`}>{t("profile.publicLink")}</Link>
          </p>
        )}
      </header>
      {saved ? <FormAlert tone="success" lines={[t(`profile.saved.${saved}`)]} /> : null}
      <UnknownIntentAlert reply={reply} />
      <CoachProfileForms profile={profile} reply={reply} memberPhoto={memberPhoto} />
    </>
  );
}
