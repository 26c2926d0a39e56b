import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "~/forms/submission";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { intentOf, refuse, refuseUnknownIntent, refuseWith } from "~/.server/http/form-reply.server";
import { translator } from "~/.server/i18n/i18n.server";
import { photoRefusals } from "~/.server/profile/contract.server";
import { photoSchema } from "~/.server/profile/forms.server";
import { photoUrlOf, removePhoto, savePhoto } from "~/.server/media/photo.server";
import { PhotoForms } from "~/components/form/photo-forms";
import { BackToProfile } from "~/routes/_default.profile/back-to-profile";
import { titleMeta } from "~/components/document/page-title";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";

export const meta = titleMeta;

/**
 * /profile/photo — the profile photo's page, where its forms (here and on /profile) post: a
 * refused file comes back here with its message, a saved or removed one goes back to /profile.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const t = await translator(request, "profile");
  return {
    title: t("photo.pageTitle"),
    name: `${member.firstname} ${member.lastname}`,
    url: await photoUrlOf(member.id),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const formData = await request.formData();
  const intent = intentOf(formData, ["upload", "remove"], { withoutIntent: "upload" });
  if (!intent) return refuseUnknownIntent();
  if (intent === "remove") {
    await removePhoto(member.id);
    return redirect("/profile?saved=photoRemoved#photo", 303);
  }
  const submission = parseWithZod(formData, { schema: photoSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const file = submission.value.photo;
  const saved = await savePhoto(member.id, Buffer.from(await file.arrayBuffer()));
  if (!saved.ok) return refuseWith(submission, photoRefusals[saved.error]);
  return redirect("/profile?saved=photo#photo", 303);
}

export default function ProfilePhoto() {
  const { name, url } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <>
      <BackToProfile anchor="photo" words="photo" />
      <UnknownIntentAlert reply={reply} />
      <section className="card">
        <PhotoForms url={url} name={name} reply={reply} />
      </section>
    </>
  );
}
