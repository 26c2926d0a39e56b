import { redirect } from "@remix-run/node";
import {
  profileFormSchema,
  saveCoachProfile,
  takeMemberPhoto,
  uploadCoachPhoto,
} from "~/.server/coaching/coaches/coach-profile.server";
import { coachProfileRefusals } from "~/.server/coaching/contract.server";
import { intentOf, refuse, refuseUnknownIntent, refuseWith } from "~/.server/http/form-reply.server";
import { photoRefusals } from "~/.server/profile/contract.server";
import { photoSchema } from "~/.server/profile/forms.server";
import { parseWithZod } from "~/forms/submission";

/**
 * The posts of a coach's profile page, the coach's own (/coach/profile) or an admin's
 * (/admin/coaches/<id>): the profile's words (intent "profile"), an uploaded photo ("upload",
 * multipart) or the member's photo ("memberPhoto"). Saved: back to the page with what was saved
 * (PRG); refused: the message under the field, nothing changed.
 */

export const profileSavedMessages = ["profile", "photo"] as const;

type Post = { actorId: string; coachId: string; formData: FormData; page: string };

const saved = (page: string, what: (typeof profileSavedMessages)[number]) => redirect(`${page}?saved=${what}`, 303);

async function words({ actorId, coachId, formData, page }: Post) {
  const submission = parseWithZod(formData, { schema: profileFormSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const { name, bioFr, bioEn, languages, meetingUrlTemplate } = submission.value;
  const coach = await saveCoachProfile(
    { actorId, coachId },
    { name, bio: { fr: bioFr, en: bioEn }, languages, meetingUrlTemplate },
  );
  if (!coach) return refuseWith(submission, coachProfileRefusals.notFound);
  return saved(page, "profile");
}

async function upload({ actorId, coachId, formData, page }: Post) {
  const submission = parseWithZod(formData, { schema: photoSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const outcome = await uploadCoachPhoto({ actorId, coachId }, Buffer.from(await submission.value.photo.arrayBuffer()));
  if (!outcome.ok) {
    return refuseWith(
      submission,
      outcome.error === "noMemberPhoto" ? coachProfileRefusals.noMemberPhoto : photoRefusals[outcome.error],
    );
  }
  return saved(page, "photo");
}

async function memberPhoto({ actorId, coachId, formData, page }: Post) {
  const outcome = await takeMemberPhoto({ actorId, coachId });
  if (!outcome.ok) {
    const intent = String(formData.get("intent"));
    return refuse(
      { status: "error", initialValue: { intent }, error: { "": [coachProfileRefusals.noMemberPhoto.message] } },
      coachProfileRefusals.noMemberPhoto.status,
    );
  }
  return saved(page, "photo");
}

const intents = { profile: words, upload, memberPhoto };

export function answerCoachProfilePost(post: Post) {
  const intent = intentOf(post.formData, Object.keys(intents) as (keyof typeof intents)[]);
  return intent ? intents[intent](post) : refuseUnknownIntent();
}
