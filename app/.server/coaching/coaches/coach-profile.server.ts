import { eq } from "drizzle-orm";
import { z } from "zod";
import { recordChange } from "~/.server/audit/audit-log.server";
import { db, type Executor } from "~/.server/db/client.server";
import { coaches, coachPhotos, memberPhotos } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import { type PhotoError, photoUrl, preparePhoto } from "~/.server/media/photo.server";
import type { Coach } from "../booking-records.server";
import { requiredText } from "~/forms/required-text";

/**
 * A coach's public profile: name, photo, bio in French and English, languages,
 * and the meeting-room URL template of their own. Edited by the coach at /coach/profile and by an
 * admin at /admin/coaches/<id>, through the same service: each change in one transaction with its
 * audit entry (coach.profile.changed). /coaching reads the table, so it shows the change at once.
 * Messages are keys of "coach" (errors.profile.*).
 */
export const NAME_MAX = 80;
export const BIO_MAX = 1000;
export const MEETING_URL_MAX = 500;
/** What the platform's VIDEO_MEETING_URL_TEMPLATE holds too: each session's room name goes there. */
export const ROOM_PLACEHOLDER = "{room}";
export const COACH_LANGUAGES = ["fr", "en"] as const;

const error = (key: string) => `coach:errors.profile.${key}`;

const name = requiredText(error("nameRequired"), NAME_MAX, error("nameTooLong"), error("nameRequired"));
const bio = z
  .string({ invalid_type_error: error("bioTooLong") })
  .trim()
  .max(BIO_MAX, error("bioTooLong"))
  .optional()
  .transform((value) => value ?? "");
const languages = z
  // Strings, judged as a whole: a wrong one is told under the field, not under "languages[0]".
  .array(z.string(), {
    required_error: error("languagesRequired"),
    invalid_type_error: error("languagesRequired"),
  })
  .min(1, error("languagesRequired"))
  .max(COACH_LANGUAGES.length, error("languagesRequired"))
  .refine((chosen) => chosen.every((language) => (COACH_LANGUAGES as readonly string[]).includes(language)), {
    message: error("languagesRequired"),
  })
  .transform((chosen) => COACH_LANGUAGES.filter((language) => chosen.includes(language)));

/** An https URL with the room's placeholder, or nothing (the platform's template then). */
export function meetingTemplateProblem(value: string): string | null {
  if (value.length > MEETING_URL_MAX) return error("meetingUrlTooLong");
  let url: URL;
  try {
    url = new URL(value.replaceAll(ROOM_PLACEHOLDER, "room"));
  } catch {
    return error("meetingUrlInvalid");
  }
  if (url.protocol !== "https:" || !url.hostname || url.username || url.password) return error("meetingUrlHttps");
  if (!value.includes(ROOM_PLACEHOLDER)) return error("meetingUrlPlaceholder");
  return null;
}

const meetingUrlTemplate = z
  .string({ invalid_type_error: error("meetingUrlInvalid") })
  .trim()
  .nullable()
  .optional()
  .transform((value) => value || null)
  .superRefine((value, context) => {
    const problem = value === null ? null : meetingTemplateProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

/** The page's form (conform's names). */
export const profileFormSchema = z.object({
  name,
  bioFr: bio,
  bioEn: bio,
  languages,
  meetingUrlTemplate,
});

/** The API's body: the same rules, in the API's names. */
export const profileBodySchema = z
  .object({
    name,
    bio_fr: bio,
    bio_en: bio,
    languages,
    meeting_url_template: meetingUrlTemplate,
  })
  .strict();

export type CoachProfileInput = {
  name: string;
  bio: { fr: string; en: string };
  languages: string[];
  meetingUrlTemplate: string | null;
};

/** What the profile's forms and the API show of a coach. */
export function profileOf(coach: Coach) {
  return {
    id: coach.id,
    slug: coach.slug,
    name: coach.name,
    photo: coach.photo,
    bio: coach.bio,
    languages: coach.languages,
    meetingUrlTemplate: coach.meetingUrlTemplate,
    retired: coach.retired,
    memberId: coach.memberId,
  };
}

export type CoachProfile = ReturnType<typeof profileOf>;

/** The coach with this id (retired ones too), or null. */
export async function coachById(id: string, executor: Executor = db()): Promise<Coach | null> {
  if (!isUuid(id)) return null;
  const [coach] = await executor.select().from(coaches).where(eq(coaches.id, id));
  return coach ?? null;
}

/** A value as JSON with its objects' keys sorted (jsonb gives them back in its own order). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, inner) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

// The audit log's people are members: a coach without an account is named, not linked.
const subjectOf = (coach: Coach) => ({ id: coach.memberId, name: coach.name });

/** Who makes the change: a member's id (the coach, or an admin). */
type Change = { actorId: string; coachId: string };

async function changeProfile(
  { actorId, coachId }: Change,
  change: (tx: Executor, coach: Coach) => Promise<Partial<Coach> | null>,
): Promise<Coach | null> {
  return db().transaction(async (tx) => {
    const [coach] = await tx.select().from(coaches).where(eq(coaches.id, coachId)).for("update");
    if (!coach) return null;
    const values = await change(tx, coach);
    if (!values) return coach;
    const keys = Object.keys(values) as (keyof Coach)[];
    const changed = keys.filter((key) => canonical(coach[key]) !== canonical(values[key]));
    if (changed.length === 0) return coach;
    const [saved] = await tx
      .update(coaches)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(coaches.id, coachId))
      .returning();
    await recordChange(tx, {
      actorId,
      subject: subjectOf(saved),
      action: "coach.profile.changed",
      before: Object.fromEntries(changed.map((key) => [key, coach[key]])),
      after: Object.fromEntries(changed.map((key) => [key, saved[key]])),
    });
    return saved;
  });
}

/** Saves the profile's words; answers the coach as saved, or null when there is no such coach. */
export function saveCoachProfile(change: Change, input: CoachProfileInput): Promise<Coach | null> {
  return changeProfile(change, async () => ({
    name: input.name,
    bio: input.bio,
    languages: input.languages,
    meetingUrlTemplate: input.meetingUrlTemplate,
  }));
}

export type CoachPhotoOutcome = { ok: true; coach: Coach } | { ok: false; error: PhotoError | "noMemberPhoto" };

async function keepPhoto(change: Change, photo: { photoId: string; webp: Buffer }): Promise<Coach | null> {
  return changeProfile(change, async (tx) => {
    await tx
      .insert(coachPhotos)
      .values({ coachId: change.coachId, ...photo })
      .onConflictDoUpdate({ target: coachPhotos.coachId, set: { ...photo, createdAt: new Date() } });
    return { photo: photoUrl(photo.photoId) };
  });
}

/** An upload of the coach's own, through the member photo's pipeline (the uploader's quota). */
export async function uploadCoachPhoto(change: Change, bytes: Buffer): Promise<CoachPhotoOutcome> {
  if (!(await coachById(change.coachId))) return { ok: false, error: "missing" };
  const prepared = await preparePhoto(change.actorId, bytes);
  if (!prepared.ok) return prepared;
  const coach = await keepPhoto(change, prepared);
  return coach ? { ok: true, coach } : { ok: false, error: "missing" };
}

/**
 * The coach's member photo becomes their coach photo: a copy, so that a later change of the
 * member's own photo does not leave the public page with a photo that no longer answers.
 */
export async function takeMemberPhoto(change: Change): Promise<CoachPhotoOutcome> {
  const coach = await coachById(change.coachId);
  if (!coach?.memberId) return { ok: false, error: "noMemberPhoto" };
  const [photo] = await db()
    .select({ webp: memberPhotos.webp })
    .from(memberPhotos)
    .where(eq(memberPhotos.memberId, coach.memberId));
  if (!photo) return { ok: false, error: "noMemberPhoto" };
  const saved = await keepPhoto(change, { photoId: crypto.randomUUID(), webp: photo.webp });
  return saved ? { ok: true, coach: saved } : { ok: false, error: "noMemberPhoto" };
}

/** Whether the coach's member has a photo to use (the form offers it then). */
export async function memberHasPhoto(coach: Coach): Promise<boolean> {
  if (!coach.memberId) return false;
  const [row] = await db()
    .select({ id: memberPhotos.photoId })
    .from(memberPhotos)
    .where(eq(memberPhotos.memberId, coach.memberId));
  return Boolean(row);
}

/** The API's view of a coach's profile (GET/POST /api/coach/profile, /api/admin/coaches/:id). */
export const coachProfileAnswer = z.object({
  coach: z.object({
    id: z.string().uuid(),
    slug: z.string().describe("Its public page: /coaching/<slug>"),
    name: z.string(),
    photo: z.string().describe("The photo's path"),
    bio_fr: z.string(),
    bio_en: z.string(),
    languages: z.array(z.enum(COACH_LANGUAGES)),
    meeting_url_template: z
      .string()
      .nullable()
      .describe("The coach's own meeting-room URL, {room} standing for each session's room; null: the platform's"),
    retired: z.boolean(),
    member_id: z.string().uuid().nullable().describe("The member account the coach signs in with, if any"),
  }),
});

export function coachProfileJson(coach: Coach): z.infer<typeof coachProfileAnswer> {
  return {
    coach: {
      id: coach.id,
      slug: coach.slug,
      name: coach.name,
      photo: coach.photo,
      bio_fr: coach.bio.fr,
      bio_en: coach.bio.en,
      languages: coach.languages.filter((language): language is "fr" | "en" => language === "fr" || language === "en"),
      meeting_url_template: coach.meetingUrlTemplate,
      retired: coach.retired,
      member_id: coach.memberId,
    },
  };
}

/** The API body's fields as the service takes them. */
export function profileInputOf(body: z.infer<typeof profileBodySchema>): CoachProfileInput {
  return {
    name: body.name,
    bio: { fr: body.bio_fr, en: body.bio_en },
    languages: body.languages,
    meetingUrlTemplate: body.meeting_url_template,
  };
}
