import { z } from "zod";
import { saveDraft } from "./drafts.server";
import { LIFE_GPS_TEST } from "~/.server/trainings/results.server";
import { scoreQuiz } from "~/.server/trainings/scoring.server";
import { type DraftContent, trainingBounds } from "~/content/training-schema";
import type { Language } from "~/i18n/config";
import type { SkillRefusal } from "./contract.server";
import { moved, newId } from "./ids.server";
import { itemId } from "./quiz.server";
import { draftText, revisionField } from "./training-meta.server";

/**
 * A test's skills and profiles: the skills its answers give points to, and the
 * profiles a member gets from their strongest skill. A skill some profile names cannot be removed
 * (the profile is changed or removed first); a skill answers give points to is removed with those
 * points only when the author ticks that they go too. And a preview of the chart a member would
 * get, scored from example answers exactly as a member's are (scoring.server.ts).
 */
type Author = { id: string; lang: Language };

const label = { labelFr: draftText(trainingBounds.title), labelEn: draftText(trainingBounds.title) };
const profileTexts = {
  ...label,
  skill: itemId,
  descriptionFr: draftText(trainingBounds.summary),
  descriptionEn: draftText(trainingBounds.summary),
};
const direction = z.enum(["up", "down"], { message: "quiz.errors.direction" });

export const addSkillSchema = z.object({ revision: revisionField, ...label });
export const editSkillSchema = z.object({ revision: revisionField, skill: itemId, ...label });
export const moveSkillSchema = z.object({ revision: revisionField, skill: itemId, direction });
export const removeSkillSchema = z.object({
  revision: revisionField,
  skill: itemId,
  dropPoints: z.literal("yes", { errorMap: () => ({ message: "skills.errors.dropPoints" }) }).optional(),
});
export const addProfileSchema = z.object({ revision: revisionField, ...profileTexts });
export const editProfileSchema = z.object({ revision: revisionField, profile: itemId, ...profileTexts });
export const removeProfileSchema = z.object({ revision: revisionField, profile: itemId });

type Refused = { refused: SkillRefusal };
type Edit = (content: DraftContent) => DraftContent | Refused;

const save = (slug: string, revision: number, author: Author, edit: (content: DraftContent) => Refused | undefined) =>
  saveDraft<SkillRefusal>(
    slug,
    { revision, authorId: author.id, lang: author.lang },
    ((content) => edit(content) ?? content) satisfies Edit,
  );

/** Every answer of every quiz of the training. */
function answersOf(content: DraftContent) {
  return content.modules.flatMap((m) => (m.quiz?.questions ?? []).flatMap((q) => q.answers));
}

/** How many profiles name each skill, and how many answers give it points. */
export function usesOf(content: DraftContent, skill: string) {
  return {
    profiles: content.profiles.filter((p) => p.skill === skill).length,
    answers: answersOf(content).filter((a) => a.scores?.[skill] !== undefined).length,
  };
}

export function addSkill(slug: string, form: z.infer<typeof addSkillSchema>, author: Author) {
  return save(slug, form.revision, author, (content) => {
    if (content.skills.length >= trainingBounds.skills) return { refused: "tooManySkills" };
    const id = newId(form.labelFr || form.labelEn, content.skills, "skill");
    content.skills.push({ id, label: { fr: form.labelFr, en: form.labelEn } });
    return undefined;
  });
}

export function editSkill(slug: string, form: z.infer<typeof editSkillSchema>, author: Author) {
  return save(slug, form.revision, author, (content) => {
    const skill = content.skills.find((s) => s.id === form.skill);
    if (!skill) return { refused: "noSkill" };
    skill.label = { fr: form.labelFr, en: form.labelEn };
    return undefined;
  });
}

export function moveSkill(slug: string, form: z.infer<typeof moveSkillSchema>, author: Author) {
  return save(slug, form.revision, author, (content) => {
    const index = content.skills.findIndex((s) => s.id === form.skill);
    if (index < 0) return { refused: "noSkill" };
    content.skills = moved(content.skills, index, form.direction);
    return undefined;
  });
}

/**
 * Removes a skill: refused while a profile names it; refused while answers give it points unless
 * the author ticked `dropPoints`, which removes those points with it.
 */
export function removeSkill(slug: string, form: z.infer<typeof removeSkillSchema>, author: Author) {
  return save(slug, form.revision, author, (content) => {
    const index = content.skills.findIndex((s) => s.id === form.skill);
    if (index < 0) return { refused: "noSkill" };
    const uses = usesOf(content, form.skill);
    if (uses.profiles > 0) return { refused: "skillInProfiles" };
    if (uses.answers > 0 && !form.dropPoints) return { refused: "skillScored" };
    for (const answer of answersOf(content)) {
      if (answer.scores?.[form.skill] === undefined) continue;
      delete answer.scores[form.skill];
      if (Object.keys(answer.scores).length === 0) delete answer.scores;
    }
    content.skills.splice(index, 1);
    return undefined;
  });
}

export function addProfile(slug: string, form: z.infer<typeof addProfileSchema>, author: Author) {
  return save(slug, form.revision, author, (content) => {
    if (content.profiles.length >= trainingBounds.skills) return { refused: "tooManyProfiles" };
    if (!content.skills.some((s) => s.id === form.skill)) return { refused: "unknownSkill" };
    const id = newId(form.labelFr || form.labelEn, content.profiles, "profile");
    content.profiles.push({
      id,
      skill: form.skill,
      label: { fr: form.labelFr, en: form.labelEn },
      description: { fr: form.descriptionFr, en: form.descriptionEn },
    });
    return undefined;
  });
}

export function editProfile(slug: string, form: z.infer<typeof editProfileSchema>, author: Author) {
  return save(slug, form.revision, author, (content) => {
    const profile = content.profiles.find((p) => p.id === form.profile);
    if (!profile) return { refused: "noProfile" };
    if (!content.skills.some((s) => s.id === form.skill)) return { refused: "unknownSkill" };
    profile.skill = form.skill;
    profile.label = { fr: form.labelFr, en: form.labelEn };
    profile.description = { fr: form.descriptionFr, en: form.descriptionEn };
    return undefined;
  });
}

export function removeProfile(slug: string, form: z.infer<typeof removeProfileSchema>, author: Author) {
  return save(slug, form.revision, author, (content) => {
    const index = content.profiles.findIndex((p) => p.id === form.profile);
    if (index < 0) return { refused: "noProfile" };
    content.profiles.splice(index, 1);
    return undefined;
  });
}

export const EXAMPLES = ["first", "last"] as const;
export type Example = (typeof EXAMPLES)[number];

/**
 * The result a member would get from the draft (the shape of views.server.ts' testResult): each
 * question of the test's quiz answered with its first (or last) answers, as many as it asks at
 * least, scored as a member's submission is; the profile of the strongest skill.
 */
export function chartPreview(content: DraftContent, example: Example, lang: Language) {
  const quiz = content.modules.find((m) => m.quiz && m.quiz.questions.length > 0)?.quiz;
  const answers: Record<string, string[]> = {};
  for (const question of quiz?.questions ?? []) {
    const ids = question.answers.map((a) => a.id);
    const count = Math.max(1, Math.min(question.min, ids.length));
    answers[question.id] = example === "first" ? ids.slice(0, count) : ids.slice(-count);
  }
  const scored = quiz ? scoreQuiz(quiz, answers).score.skills : {};
  const text = (value: { fr: string; en: string }, fallback: string) => value[lang] || fallback;
  const skills = content.skills.map((skill) => ({
    id: skill.id,
    label: text(skill.label, skill.id),
    value: scored[skill.id] ?? 0,
  }));
  const top = [...skills].sort((a, b) => b.value - a.value)[0];
  const profile = top && content.profiles.find((p) => p.skill === top.id);
  return {
    questions: quiz?.questions.length ?? 0,
    radar: content.slug === LIFE_GPS_TEST,
    result: {
      slug: content.slug,
      title: text(content.title, content.slug),
      taken: true,
      skills,
      profile: profile ? { label: text(profile.label, profile.id), description: profile.description[lang] } : null,
      takePath: "",
    },
  };
}
