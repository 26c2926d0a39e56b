import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "~/forms/submission";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { shownRegion } from "~/.server/calendar/time-zones.server";
import { zonePicker } from "~/.server/calendar/zone-names.server";
import { refuse } from "~/.server/http/form-reply.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { saveTimeZone, timeZoneSchema } from "~/.server/profile/time-zone.server";
import { FormAlert } from "~/components/form/form";
import { formProps, useFormReply } from "~/components/form/form-reply";
import { BackToProfile } from "~/routes/_default.profile/back-to-profile";
import { titleMeta } from "~/components/document/page-title";
import { MemberZoneField, ZoneGroup, ZoneRegionForm } from "~/components/form/zone-options";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/**
 * /profile/time-zone — every time zone, a region of the world at a time (the profile lists the
 * usual ones), and where both post.
 * The layout's script posts the browser's zone here once (`guess=1`), saved only if none is set.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const t = await translator(request, "profile");
  const region = shownRegion(new URL(request.url).searchParams.get("region"), member.time_zone);
  return {
    title: t("timeZone.pageTitle"),
    timeZone: member.time_zone,
    ...zonePicker(await localeOf(request), region),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requireMember(request);
  const submission = parseWithZod(await request.formData(), { schema: timeZoneSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const guess = submission.value.guess === "1";
  const changed = await saveTimeZone(signedIn, submission.value.timeZone, { guess });
  if (guess) return { changed };
  return redirect("/profile?saved=timeZone#time-zone", 303);
}

export default function ChooseMemberTimeZone() {
  const { timeZone, usualZones, regions, region, regionLabel, regionZones } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("profile");
  const [form, fields] = useFormReply<{ timeZone: string }>(
    // The layout's guess posts with fetch, so this page's answer is always its form's reply.
    reply,
    { id: "zone", defaultValue: { timeZone } },
  );
  return (
    <>
      <BackToProfile anchor="time-zone" words="timeZone" />
      <div className="card zone-form">
        <ZoneRegionForm
          regions={regions}
          region={region}
          label={t("timeZone.region")}
          show={t("timeZone.showRegion")}
        />
        <Form method="post" {...formProps(form)}>
          <FormAlert lines={form.errors?.map((error) => t(error))} />
          <MemberZoneField meta={fields.timeZone}>
            <ZoneGroup label={t("timeZone.usual")} zones={usualZones} />
            <ZoneGroup label={t("timeZone.regionZones", { region: regionLabel })} zones={regionZones} />
          </MemberZoneField>
        </Form>
      </div>
    </>
  );
}
