import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { clientOf } from "~/.server/http/client.server";
import { usualTimeZones } from "~/.server/calendar/time-zones.server";
import { zoneName, zoneOptions } from "~/.server/calendar/zone-names.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { DEVICES_PAGE_SIZE, devicesOf } from "~/.server/profile/devices.server";
import { pageParam } from "~/.server/paging/paging.server";
import { profileOf } from "~/.server/profile/profile.server";
import { settingsOf } from "~/.server/notifications/settings.server";
import { recentSecurityEvents } from "~/.server/security/security-events.server";
import { DeviceList } from "~/components/form/device-list";
import { FormAlert } from "~/components/form/form";
import { NotificationSettingsForm } from "~/components/form/notification-settings-form";
import { titleMeta } from "~/components/document/page-title";
import { PhotoForms } from "~/components/form/photo-forms";
import { useTranslation } from "~/i18n/react";
import { DataExportLinks } from "./data-export-links";
import { DeletionForm } from "./deletion-form";
import { DetailsForm } from "./details-form";
import { EmailForms } from "./email-forms";
import { LightPagesForm } from "./light-pages-form";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { answerProfilePost, savedMessages } from "./intents.server";
import { PasswordForm } from "./password-form";
import { PathForm } from "./path-form";
import { SecurityEvents } from "./security-events";
import { TimeZoneForm } from "./time-zone-form";
import { PageHeader } from "~/components/presentational/page-header";

export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireMember(request);
  const t = await translator(request, "profile");
  const lang = await localeOf(request);
  const url = new URL(request.url);
  const saved = url.searchParams.get("saved");
  const devices = await devicesOf(signedIn, lang, {
    page: pageParam(url, "devices"),
    limit: DEVICES_PAGE_SIZE,
  });
  return {
    title: t("title"),
    profile: await profileOf(signedIn),
    devices: { list: devices.devices, page: devices.page.page, pages: devices.page.pages, total: devices.page.total },
    timeZone: {
      zone: signedIn.member.time_zone,
      label: zoneName(lang, signedIn.member.time_zone),
      usual: zoneOptions(lang, usualTimeZones()),
    },
    lightPages: signedIn.lightPages,
    saved: savedMessages.find((key) => key === saved) ?? null,
    securityEvents: await recentSecurityEvents(signedIn.member, lang),
    notifications: await settingsOf(signedIn.member.id),
  };
}

/**
 * POST /profile: one form per intent, each checked on the server only (./intents.server.ts). A
 * refused form comes back with what was typed (never a password) and its messages; a done one
 * redirects (PRG).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const signedIn = await requireMember(request);
  const formData = await request.formData();
  return answerProfilePost({ signedIn, formData, client: clientOf(request, context) });
}

export default function ProfilePage() {
  const { profile, devices, saved, timeZone, lightPages, securityEvents, notifications } =
    useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("profile");
  return (
    <>
      <PageHeader title={t("title")} lead={t("lead")} />
      <UnknownIntentAlert reply={reply} />
      {saved ? <FormAlert tone="success" lines={[t(`saved.${saved}`)]} /> : null}
      <div className="profile">
        <DetailsForm profile={profile} />
        <section className="card" id="photo" aria-labelledby="photo-title">
          <h2 id="photo-title">{t("photo.title")}</h2>
          <p>{t("photo.lead")}</p>
          <PhotoForms url={profile.photo_url} name={`${profile.firstname} ${profile.lastname}`} />
        </section>
        <PathForm userType={profile.user_type} />
        <TimeZoneForm {...timeZone} />
        <LightPagesForm on={lightPages} />
        <section className="card" id="notifications" aria-labelledby="notifications-title">
          <h2 id="notifications-title">{t("notifications.title")}</h2>
          <p>{t("notifications.lead")}</p>
          <NotificationSettingsForm settings={notifications} zone={timeZone.label} />
        </section>
        <EmailForms email={profile.email} pendingEmail={profile.pending_email} />
        <PasswordForm />
        <p className="card">
          <Link to="/profile/two-factor">{t("twoFactor.link")}</Link>
        </p>
        <DeviceList {...devices} reply={reply} />
        <SecurityEvents events={securityEvents} />
        <DataExportLinks />
        <DeletionForm />
      </div>
    </>
  );
}
