import { z } from "zod";
import { isTimeZone } from "~/.server/calendar/time-zones.server";
import { refusals } from "~/.server/contract/refusal-table.server";
import { CHANGE_NOTICE_LIMITS } from "../booking/change-notice.server";
import type { CoachHours, OutsideSession } from "./coach-hours.server";
import type { Weekday, WeeklyAvailability } from "../booking/slots.server";

/**
 * A coach's weekly hours: the one set of rules the hours page (coach and
 * admin) and the API check, and the API's body and answer. Messages are keys of "coach" (its
 * "hours" block); nothing of zod reaches the pages.
 */

/** The weekdays in the order a week is shown (Monday first); the keys of the stored `weekly`. */
export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const satisfies readonly Weekday[];
export const MAX_WINDOWS_A_DAY = 6;
export const HOURS_LIMITS = {
  sessionMinutes: { min: 15, max: 240 },
  bufferMinutes: { min: 0, max: 120 },
  minNoticeHours: { min: 0, max: 336 },
  horizonDays: { min: 1, max: 365 },
  changeNoticeHours: CHANGE_NOTICE_LIMITS,
} as const;
const MAX_ZONE_LENGTH = 64;

const error = (key: string) => `coach:hours.errors.${key}`;

/** A day of more windows than the form has rows (a forged row index included). */
export const TOO_MANY_WINDOWS = error("tooManyWindows");

/** "HH:mm" from 00:00 to 24:00 (24:00 only ends a day). */
const TIME = /^(?:([01]\d|2[0-3]):([0-5]\d)|24:00)$/;

/** Minutes since midnight of a valid "HH:mm"; an end of "00:00" is the day's end (a time input cannot say 24:00). */
function minutesOf(time: string, end: boolean): number {
  const minutes = time === "24:00" ? 24 * 60 : Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  return end && minutes === 0 ? 24 * 60 : minutes;
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

const time = z
  .string({ required_error: error("timeMissing"), invalid_type_error: error("timeInvalid") })
  // One check, one message (zod would report each failed check).
  .refine((value) => value.length <= 5 && TIME.test(value), error("timeInvalid"));

const whole = (name: keyof typeof HOURS_LIMITS) =>
  z
    .number({ required_error: error(`${name}Range`), invalid_type_error: error(`${name}Range`) })
    .refine(
      (value) => Number.isInteger(value) && value >= HOURS_LIMITS[name].min && value <= HOURS_LIMITS[name].max,
      error(`${name}Range`),
    );

const timeZone = z
  .string({ required_error: error("timeZoneInvalid"), invalid_type_error: error("timeZoneInvalid") })
  .refine((value) => value.length <= MAX_ZONE_LENGTH && isTimeZone(value), error("timeZoneInvalid"));

type Window = { from: string; to: string };

/**
 * A day's windows checked (each ends after it starts; none overlaps another: touching is fine),
 * then kept as stored: sorted, "HH:mm" pairs, a midnight end as "24:00".
 */
function checkedDay(windows: (Window | null)[], ctx: z.RefinementCtx): [string, string][] {
  const kept: { start: number; end: number; index: number }[] = [];
  windows.forEach((window, index) => {
    if (!window) return;
    const start = minutesOf(window.from, false);
    const end = minutesOf(window.to, true);
    if (start === 24 * 60) ctx.addIssue({ code: "custom", path: [index, "from"], message: error("timeInvalid") });
    else if (end <= start) ctx.addIssue({ code: "custom", path: [index, "to"], message: error("endBeforeStart") });
    else kept.push({ start, end, index });
  });
  kept.sort((a, b) => a.start - b.start);
  for (let at = 1; at < kept.length; at++) {
    if (kept[at].start < kept[at - 1].end)
      ctx.addIssue({ code: "custom", path: [kept[at].index, "from"], message: error("overlap") });
  }
  return kept.map(({ start, end }) => [clock(start), clock(end)]);
}

// --- The page's form ------------------------------------------------------------------------------
// Per weekday a few rows `mon[0].from`, `mon[0].to`: a row left empty is no window; half a row is refused.

const formRow = z
  .object({ from: time.optional(), to: time.optional() })
  .optional()
  .superRefine((row, ctx) => {
    if (!row || (row.from === undefined) === (row.to === undefined)) return;
    ctx.addIssue({ code: "custom", path: [row.from === undefined ? "from" : "to"], message: error("timeMissing") });
  })
  .transform((row) => (row?.from && row.to ? { from: row.from, to: row.to } : null));

const formDay = z
  .array(formRow, { invalid_type_error: error("timeInvalid") })
  .max(MAX_WINDOWS_A_DAY, TOO_MANY_WINDOWS)
  .optional()
  .transform((rows, ctx) => checkedDay(rows ?? [], ctx));

/** The hours page's form (its rows named mon[0].from …). */
export const hoursForm = z.object({
  timeZone,
  sessionMinutes: whole("sessionMinutes"),
  bufferMinutes: whole("bufferMinutes"),
  minNoticeHours: whole("minNoticeHours"),
  horizonDays: whole("horizonDays"),
  changeNoticeHours: whole("changeNoticeHours"),
  ...(Object.fromEntries(WEEKDAYS.map((day) => [day, formDay])) as Record<(typeof WEEKDAYS)[number], typeof formDay>),
});

export function hoursOfForm(value: z.infer<typeof hoursForm>): CoachHours {
  const weekly: WeeklyAvailability = {};
  for (const day of WEEKDAYS) if (value[day].length) weekly[day] = value[day];
  return {
    timeZone: value.timeZone,
    sessionMinutes: value.sessionMinutes,
    bufferMinutes: value.bufferMinutes,
    minNoticeHours: value.minNoticeHours,
    horizonDays: value.horizonDays,
    changeNoticeHours: value.changeNoticeHours,
    weekly,
  };
}

/** The form's fields as the page fills them: the stored hours, a midnight end shown as 00:00. */
export function hoursFormValues(hours: CoachHours) {
  const values: Record<string, unknown> = {
    timeZone: hours.timeZone,
    sessionMinutes: String(hours.sessionMinutes),
    bufferMinutes: String(hours.bufferMinutes),
    minNoticeHours: String(hours.minNoticeHours),
    horizonDays: String(hours.horizonDays),
    changeNoticeHours: String(hours.changeNoticeHours),
  };
  for (const day of WEEKDAYS)
    values[day] = (hours.weekly[day] ?? []).map(([from, to]) => ({ from, to: to === "24:00" ? "00:00" : to }));
  return values;
}

// --- The API --------------------------------------------------------------------------------------

const apiWindow = z
  .object({
    from: time.describe('Local start, "HH:mm" in the coach\'s time zone'),
    to: time.describe('Local end, "HH:mm" after `from`; "24:00" (or "00:00") ends the day'),
  })
  .strict();
const apiDay = z
  .array(apiWindow)
  .max(MAX_WINDOWS_A_DAY, TOO_MANY_WINDOWS)
  .transform((windows, ctx) => checkedDay(windows, ctx));

const apiWeekly = z
  .object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, apiDay.optional()])) as Record<
      Weekday,
      z.ZodOptional<typeof apiDay>
    >,
  )
  .strict(error("unknownWeekday"))
  .describe("Windows per weekday (mon … sun), at most 6 a day, none overlapping; a day left out has none");

export const hoursBody = z
  .object({
    time_zone: timeZone.describe("The coach's IANA time zone, in which the windows are read"),
    session_minutes: whole("sessionMinutes").describe("15 to 240"),
    buffer_minutes: whole("bufferMinutes").describe("0 to 120, kept free after each session"),
    min_notice_hours: whole("minNoticeHours").describe("0 to 336: how long before a session members may still book it"),
    horizon_days: whole("horizonDays").describe("1 to 365: how many days ahead members may book"),
    change_notice_hours: whole("changeNoticeHours")
      .optional()
      .describe("0 to 168: until how long before a session its member may move or cancel it (kept when left out)"),
    weekly: apiWeekly,
  })
  .strict(error("unknownField"));

/** The hours a body sets; what it leaves out (the notice) stays as `current` has it. */
export function hoursOfBody(body: z.infer<typeof hoursBody>, current: CoachHours): CoachHours {
  const weekly: WeeklyAvailability = {};
  for (const day of WEEKDAYS) if (body.weekly[day]?.length) weekly[day] = body.weekly[day];
  return {
    timeZone: body.time_zone,
    sessionMinutes: body.session_minutes,
    bufferMinutes: body.buffer_minutes,
    minNoticeHours: body.min_notice_hours,
    horizonDays: body.horizon_days,
    changeNoticeHours: body.change_notice_hours ?? current.changeNoticeHours,
    weekly,
  };
}

const windowView = z.object({ from: z.string(), to: z.string().describe('"24:00" ends the day') });

export const hoursAnswer = z.object({
  hours: z.object({
    time_zone: z.string(),
    session_minutes: z.number().int(),
    buffer_minutes: z.number().int(),
    min_notice_hours: z.number().int(),
    horizon_days: z.number().int(),
    change_notice_hours: z.number().int(),
    weekly: z.object(
      Object.fromEntries(WEEKDAYS.map((day) => [day, z.array(windowView)])) as Record<
        Weekday,
        z.ZodArray<typeof windowView>
      >,
    ),
  }),
  outside_hours: z
    .array(
      z.object({
        id: z.string().uuid(),
        start: z.string().describe("ISO 8601 instant, UTC"),
        end: z.string(),
        date: z.string().describe("In the coach's time zone"),
        time: z.string(),
        member: z.string().describe("The member's name"),
      }),
    )
    .describe("Upcoming confirmed sessions outside the weekly windows: they stay booked"),
});

export function hoursJson(hours: CoachHours, outside: OutsideSession[]): z.infer<typeof hoursAnswer> {
  return {
    hours: {
      time_zone: hours.timeZone,
      session_minutes: hours.sessionMinutes,
      buffer_minutes: hours.bufferMinutes,
      min_notice_hours: hours.minNoticeHours,
      horizon_days: hours.horizonDays,
      change_notice_hours: hours.changeNoticeHours,
      weekly: Object.fromEntries(
        WEEKDAYS.map((day) => [day, (hours.weekly[day] ?? []).map(([from, to]) => ({ from, to }))]),
      ) as Record<Weekday, { from: string; to: string }[]>,
    },
    outside_hours: outside.map((session) => ({
      id: session.id,
      start: session.start.toISOString(),
      end: session.end.toISOString(),
      date: session.date,
      time: session.time,
      member: session.member,
    })),
  };
}

export const hoursRefusals = refusals("coach", {
  noCoach: { status: 404, field: null, message: "hours.errors.noCoach" },
});
