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
import { draftListPosts } from "~/routes/_default.author/draft-change-post.server";

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
  const page = `/author/trainings/${slug}/skills`;
  const post = draftListPosts(formData, page, (refusal: SkillRefusal) => skillRefusals[refusal]);
  switch (intent) {
    case "addSkill":
      return post(addSkillSchema, "skillAdded", (v) => addSkill(slug, v, author));
    case "editSkill":
      return post(editSkillSchema, "skill", (v) => editSkill(slug, v, author));
    case "moveSkill":
      return post(moveSkillSchema, "skillMoved", (v) => moveSkill(slug, v, author));
    case "removeSkill":
      return post(removeSkillSchema, "skillRemoved", (v) => removeSkill(slug, v, author));
    case "addProfile":
      return post(addProfileSchema, "profileAdded", (v) => addProfile(slug, v, author));
    case "editProfile":
      return post(editProfileSchema, "profile", (v) => editProfile(slug, v, author));
    case "removeProfile":
      return post(removeProfileSchema, "profileRemoved", (v) => removeProfile(slug, v, author));
  }
}
