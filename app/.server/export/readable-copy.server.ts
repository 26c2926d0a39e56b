import { dateFormat } from "~/.server/calendar/date-formats.server";
import type { Language } from "~/i18n/config";
import type { DataExport } from "./contract.server";

/**
 * The copy as a page reads it (/profile/data): each part of the JSON a section, each record a list
 * of labelled values, dates in the member's language and time zone. Labels are keys of
 * "profile:data.fields"; the page translates them, so this knows only the copy's own names.
 */
export type ReadableValue =
  | { kind: "text"; text: string }
  | { kind: "yesNo"; yes: boolean }
  /** A value from a closed list, read by its translation key ("ns:key"); `raw` when none has it. */
  | { kind: "word"; key: string; raw: string }
  | { kind: "none" };
export type ReadableRecord = { field: string; value: ReadableValue }[];
export type ReadableSection = { key: string; records: ReadableRecord[] };

/** Fields whose values come from a closed list, and the key that names each value in words. */
const own = (field: string) => (raw: string) => `profile:data.values.${field}.${raw}`;
const WORDS: Partial<Record<string, (raw: string) => string>> = {
  gender: (raw) => `auth:genders.${raw}`,
  level_of_study: (raw) => `profile:levels.${raw}`,
  user_type: (raw) => `home:whoAreYou.types.${raw}.title`,
  mood: (raw) => `space:weather.short.${raw}`,
  ...Object.fromEntries(
    ["by", "status", "flow", "source", "state", "cancelled_by", "kind", "lang"].map((f) => [f, own(f)]),
  ),
};

const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

export function readableCopy(data: DataExport, lang: Language, timeZone: string): ReadableSection[] {
  const format = dateFormat(lang, { dateStyle: "long", timeStyle: "short", timeZone });
  const value = (raw: unknown): ReadableValue => {
    if (raw === null || raw === undefined || raw === "") return { kind: "none" };
    if (typeof raw === "boolean") return { kind: "yesNo", yes: raw };
    if (typeof raw === "string") return { kind: "text", text: INSTANT.test(raw) ? format.format(new Date(raw)) : raw };
    if (typeof raw === "number") return { kind: "text", text: String(raw) };
    if (Array.isArray(raw) && raw.every((item) => typeof item === "string")) {
      return raw.length ? { kind: "text", text: raw.join(" · ") } : { kind: "none" };
    }
    // Nested records (life-GPS ratings, quiz answers, an account change) read as "key: value" lines.
    return { kind: "text", text: lines(raw) };
  };
  // A member's own "role" is what they typed; a role of the roles section is one of Cap's.
  const record = (object: Record<string, unknown>, words = WORDS): ReadableRecord =>
    Object.entries(object).map(([field, raw]) => {
      const word = words[field];
      return { field, value: word && typeof raw === "string" ? { kind: "word", key: word(raw), raw } : value(raw) };
    });
  const {
    format: _format,
    generated_at: _generatedAt,
    identity,
    member,
    learning,
    photo,
    coach_profile,
    ...lists
  } = data;
  const { two_factor, addresses, ...identityFields } = identity;
  return [
    {
      key: "identity",
      records: [
        record({
          ...identityFields,
          name: `${identity.name.first} ${identity.name.last}`,
          two_factor: two_factor.enabled,
          two_factor_since: two_factor.since,
        }),
      ],
    },
    { key: "addresses", records: addresses.map((address) => record(address)) },
    { key: "member", records: [record(member)] },
    { key: "photo", records: photo ? [record({ url: photo.url, uploaded_at: photo.uploaded_at })] : [] },
    ...Object.entries(lists).map(([key, rows]) => ({
      key,
      records: (rows as Record<string, unknown>[]).map((row) =>
        record(row, key === "roles" ? { ...WORDS, role: own("role") } : WORDS),
      ),
    })),
    ...Object.entries(learning).map(([key, rows]) => ({
      key,
      records: (rows as Record<string, unknown>[]).map((row) => record(row)),
    })),
    { key: "coach_profile", records: coach_profile ? [record(coach_profile)] : [] },
  ];
}

function lines(raw: unknown, depth = 0): string {
  if (raw === null || typeof raw !== "object") return String(raw);
  if (Array.isArray(raw)) return raw.map((item) => lines(item, depth)).join("\n");
  const indent = "  ".repeat(depth);
  return Object.entries(raw)
    .map(([key, inner]) =>
      inner !== null && typeof inner === "object" && !Array.isArray(inner)
        ? `${indent}${key}:\n${lines(inner, depth + 1)}`
        : `${indent}${key}: ${Array.isArray(inner) ? inner.join(", ") : String(inner)}`,
    )
    .join("\n");
}
