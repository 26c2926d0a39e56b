import { redirect } from "@remix-run/node";
import { dateFormat } from "~/.server/calendar/date-formats.server";
import { regionOf, usualTimeZones, zonesOfRegion } from "~/.server/calendar/time-zones.server";
import { regionName, zoneOptions } from "~/.server/calendar/zone-names.server";
import { refuse, refuseWith } from "~/.server/http/form-reply.server";
import type { Language } from "~/i18n/config";
import type { Coach } from "~/.server/coaching/booking-records.server";
import { changeHours, hoursOf, sessionsOutsideHours } from "~/.server/coaching/coaches/coach-hours.server";
import {
  HOURS_LIMITS,
  hoursForm,
  hoursFormValues,
  hoursOfForm,
  hoursRefusals,
  MAX_WINDOWS_A_DAY,
  TOO_MANY_WINDOWS,
  WEEKDAYS,
} from "~/.server/coaching/coaches/hours-contract.server";
import { parseWithZod } from "~/forms/submission";

/**
 * What the hours page needs, the coach's own (/coach/hours) and an admin's (/admin/coaches/<id>/hours)
 * alike: the form's values and rows, the zones to choose from, and the sessions outside the hours.
 */
export async function hoursPageData(coach: Coach, lang: Language, url: URL) {
  const hours = hoursOf(coach);
  const zones = [...new Set([hours.timeZone, ...usualTimeZones()])];
  const region = regionOf(hours.timeZone);
  const day = dateFormat(lang, { weekday: "long", day: "numeric", month: "long", timeZone: hours.timeZone });
  const weekdayName = dateFormat(lang, { weekday: "long", timeZone: "UTC" });
  const outside = await sessionsOutsideHours(coach);
  return {
    values: hoursFormValues(hours),
    // Per weekday the rows the form shows: the windows, one empty row more, two at least.
    days: WEEKDAYS.map((key, index) => ({
      key,
      // 2026-11-02 is a Monday.
      name: weekdayName.format(new Date(Date.UTC(2026, 10, 2 + index))),
      rows: Math.min(MAX_WINDOWS_A_DAY, Math.max(2, (hours.weekly[key]?.length ?? 0) + 1)),
    })),
    limits: HOURS_LIMITS,
    zones: {
      usual: zoneOptions(lang, zones),
      region: regionName(lang, region),
      regionZones: zoneOptions(
        lang,
        zonesOfRegion(region).filter((zone) => !zones.includes(zone)),
      ),
    },
    outside: outside.map((session) => ({
      id: session.id,
      day: day.format(session.start),
      time: session.time,
      member: session.member,
    })),
    saved: url.searchParams.get("saved") === "1",
  };
}

export type HoursPageData = Awaited<ReturnType<typeof hoursPageData>>;

/** Row fields an index this high never come from the page (at most MAX_WINDOWS_A_DAY rows a day). */
const FAR_ROW = /^\w+\[(\d{2,}|[6-9])\]/;

function parseHoursForm(formData: FormData) {
  // A forged `mon[999999].from` would make conform build a huge array: such rows are cut before,
  // and the day refused as having too many windows.
  let forged = false;
  for (const name of [...formData.keys()]) {
    if (FAR_ROW.test(name)) {
      forged = true;
      formData.delete(name);
    }
  }
  const submission = parseWithZod(formData, { schema: hoursForm });
  if (!forged || submission.status !== "success") return submission;
  return parseWithZod(formData, {
    schema: hoursForm.superRefine((_, ctx) => ctx.addIssue({ code: "custom", message: TOO_MANY_WINDOWS })),
  });
}

/** The hours form posted: saved then back to `page` (PRG), or the refusal under its fields, nothing saved. */
export async function answerHoursPost({
  actorId,
  coachId,
  formData,
  page,
}: {
  actorId: string;
  coachId: string;
  formData: FormData;
  page: string;
}) {
  const submission = parseHoursForm(formData);
  if (submission.status !== "success") return refuse(submission.reply());
  const outcome = await changeHours(actorId, coachId, hoursOfForm(submission.value));
  if (!outcome.ok) return refuseWith(submission, hoursRefusals[outcome.error]);
  return redirect(`${page}?saved=1`, 303);
}
