import { type SkillRefusal, skillRefusals } from "~/.server/authoring/contract.server";
import type { Draft } from "~/.server/authoring/drafts.server";
import {
  addProfile,
  addProfileSchema,
  addSkill,
  addSkillSchema,
  chartPreview,
  EXAMPLES,
  editProfile,
  editProfileSchema,
  editSkill,
  editSkillSchema,
  moveSkill,
  moveSkillSchema,
  removeProfile,
  removeProfileSchema,
  removeSkill,
  removeSkillSchema,
  usesOf,
} from "~/.server/authoring/skills.server";
import type { Language } from "~/i18n/config";
import { postDraftChange } from "~/routes/_default.author/draft-change-post.server";

export const SAVED = [
  "skillAdded",
  "skill",
  "skillMoved",
  "skillRemoved",
  "profileAdded",
  "profile",
  "profileRemoved",
] as const;
export const INTENTS = [
  "addSkill",
  "editSkill",
  "moveSkill",
  "removeSkill",
  "addProfile",
  "editProfile",
  "removeProfile",
] as const;

/** What the skills page shows of a test's draft, with the chart of the example answers `query` asks. */
export function skillsPage(draft: Draft, lang: Language, query: URLSearchParams) {
  const example = EXAMPLES.find((key) => key === query.get("example")) ?? "first";
  const content = draft.content;
  return {
    slug: draft.slug,
    revision: draft.revision,
    example,
    // The other examples, to link to (a .server value never reaches the browser: the loader hands it).
    otherExamples: EXAMPLES.filter((key) => key !== example),
    skills: content.skills.map((skill) => ({ id: skill.id, label: skill.label, uses: usesOf(content, skill.id) })),
    profiles: content.profiles.map((profile) => ({
      id: profile.id,
      values: {
        skill: profile.skill,
        labelFr: profile.label.fr,
        labelEn: profile.label.en,
        descriptionFr: profile.description.fr,
        descriptionEn: profile.description.en,
      },
    })),
    options: content.skills.map((skill) => ({ value: skill.id, label: skill.label[lang] || skill.id })),
    preview: chartPreview(content, example, lang),
  };
}

export type SkillsPage = ReturnType<typeof skillsPage>;

/** One post of the skills page, by its intent: parsed, saved, answered as every draft save is. */
export function postSkillChange(
  intent: (typeof INTENTS)[number],
  formData: FormData,
  slug: string,
  author: { id: string; lang: Language },
) {
  const answer = (saved: string) => ({
    page: `/author/trainings/${slug}/skills`,
    saved,
    refusalOf: (refusal: SkillRefusal) => skillRefusals[refusal],
  });
  switch (intent) {
    case "addSkill":
      return postDraftChange(formData, addSkillSchema, answer("skillAdded"), (v) => addSkill(slug, v, author));
    case "editSkill":
      return postDraftChange(formData, editSkillSchema, answer("skill"), (v) => editSkill(slug, v, author));
    case "moveSkill":
      return postDraftChange(formData, moveSkillSchema, answer("skillMoved"), (v) => moveSkill(slug, v, author));
    case "removeSkill":
      return postDraftChange(formData, removeSkillSchema, answer("skillRemoved"), (v) => removeSkill(slug, v, author));
    case "addProfile":
      return postDraftChange(formData, addProfileSchema, answer("profileAdded"), (v) => addProfile(slug, v, author));
    case "editProfile":
      return postDraftChange(formData, editProfileSchema, answer("profile"), (v) => editProfile(slug, v, author));
    case "removeProfile":
      return postDraftChange(formData, removeProfileSchema, answer("profileRemoved"), (v) =>
        removeProfile(slug, v, author),
      );
  }
}
