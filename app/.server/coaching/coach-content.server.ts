import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { notInArray } from "drizzle-orm";
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
 * Loads the coaches into the database. Idempotent: an unchanged coach writes nothing; a coach gone
 * from the file is retired (no new booking) rather than deleted, so their sessions stay.
 */
export async function seedCoaches(db: Database, content = readCoachFile()) {
  await db.transaction(async (tx) => {
    const stored = await tx
      .select({ slug: coaches.slug, hash: coaches.contentHash, retired: coaches.retired })
      .from(coaches);
    for (const [position, coach] of content.entries()) {
      const contentHash = createHash("sha256")
        .update(JSON.stringify([position, coach]))
        .digest("hex");
      const existing = stored.find((row) => row.slug === coach.slug);
      if (existing?.hash === contentHash && !existing.retired) continue;
      const values = { ...coach, position, retired: false, contentHash };
      await tx.insert(coaches).values(values).onConflictDoUpdate({ target: coaches.slug, set: values });
    }
    const slugs = content.map((coach) => coach.slug);
    const gone = stored.filter((row) => !row.retired && !slugs.includes(row.slug)).map((row) => row.slug);
    if (gone.length) await tx.update(coaches).set({ retired: true }).where(notInArray(coaches.slug, slugs));
  });
}
