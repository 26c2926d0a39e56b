import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "~/forms/submission";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { zoneName } from "~/.server/calendar/zone-names.server";
import { refuse } from "~/.server/http/form-reply.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { notificationSettingsSchema } from "~/.server/notifications/forms.server";
import { saveSettings, settingsOf } from "~/.server/notifications/settings.server";
import { BackToProfile } from "~/routes/_default.profile/back-to-profile";
import { titleMeta } from "~/components/document/page-title";
import { NotificationSettingsForm } from "~/components/form/notification-settings-form";

export const meta = titleMeta;

/**
 * /profile/notifications — which emails the member wants and when the weekly word goes (the
 * profile shows the same form, which posts here; a refusal shows on this page).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const t = await translator(request, "profile");
  const lang = await localeOf(request);
  return {
    title: t("notifications.pageTitle"),
    settings: await settingsOf(member.id),
    zone: zoneName(lang, member.time_zone),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const submission = parseWithZod(await request.formData(), { schema: notificationSettingsSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  await saveSettings(member.id, submission.value);
  return redirect("/profile?saved=notifications#notifications", 303);
}

export default function ChooseNotifications() {
  const { settings, zone } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <>
      <BackToProfile anchor="notifications" words="notifications" />
      <div className="card">
        <NotificationSettingsForm settings={settings} zone={zone} reply={reply} />
      </div>
    </>
  );
}
