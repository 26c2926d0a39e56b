import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { Database } from "~/.server/db/client.server";
import { coaches } from "~/.server/db/schema.server";
import { isTimeZone } from "~/.server/calendar/time-zones.server";

/**
 * The coaches as written in app/content/coaches.json, validated at start-up like the trainings:
 * a broken entry stops the start with the path of the mistake.
 */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "a local time HH:mm");
const window = z.tuple([clock, clock]).refine(([from, to]) => from < to, "a window ends after it starts");
const weekday = z.array(window).optional();

const coachContent = z.object({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "a lower-case slug"),
  name: z.string().min(1),
  email: z.string().email(),
  photo: z.string().startsWith("/media/"),
  bio: z.object({ fr: z.string().min(1), en: z.string().min(1) }),
  languages: z.array(z.enum(["fr", "en"])).min(1),
  timeZone: z.string().refine(isTimeZone, "an IANA time zone such as Europe/Paris"),
  sessionMinutes: z.number().int().min(15).max(240),
  bufferMinutes: z.number().int().min(0).max(120),
  weekly: z
    .object({ sun: weekday, mon: weekday, tue: weekday, wed: weekday, thu: weekday, fri: weekday, sat: weekday })
    .strict(),
});

export type CoachContent = z.infer<typeof coachContent>;

const coachesFile = path.resolve("app/content/coaches.json");

export function readCoachFile(file = coachesFile): CoachContent[] {
  const parsed = z.array(coachContent).safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`app/content/coaches.json is not valid:\n${problems}`);
  }
  const slugs = parsed.data.map((coach) => coach.slug);
  const twice = slugs.find((slug, index) => slugs.indexOf(slug) !== index);
  if (twice) throw new Error(`app/content/coaches.json: the slug ${twice} is used twice`);
  return parsed.data;
}

/**
 * The first-run seed of the coaches: a coach whose slug is missing is inserted;
 * one already there is never overwritten nor retired — the back office runs coaches from then on,
 * and a coach gone from the file stays as it is. Idempotent; concurrent starts insert each once.
 */
export async function seedCoaches(db: Database, content = readCoachFile()) {
  await db.transaction(async (tx) => {
    const stored = new Set((await tx.select({ slug: coaches.slug }).from(coaches)).map((row) => row.slug));
    for (const [position, coach] of content.entries()) {
      if (stored.has(coach.slug)) continue;
      const contentHash = createHash("sha256")
        .update(JSON.stringify([position, coach]))
        .digest("hex");
      await tx
        .insert(coaches)
        .values({ ...coach, position, retired: false, contentHash })
        .onConflictDoNothing({ target: coaches.slug });
    }
  });
}
