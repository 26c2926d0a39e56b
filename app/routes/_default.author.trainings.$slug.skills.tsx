import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAuthor } from "~/.server/auth/role-guard.server";
import { postDraftChange } from "~/routes/_default.author/draft-change-post.server";
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
import { intentOf, refuseUnknownIntent } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { readDraft } from "~/.server/authoring/drafts.server";
import { trainingBounds } from "~/content/training-schema";
import { BilingualField, DraftAlerts, RevisionField } from "~/routes/_default.author/draft-form";
import { CheckField, CountedErrors, ItemButtons, SavedAlert } from "~/routes/_default.author/quiz-forms";
import { titleMeta } from "~/components/document/page-title";
import { Field, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { TestResults } from "~/components/presentational/training-results";
import { useTranslation } from "~/i18n/react";
import { type SkillRefusal, skillRefusals } from "~/.server/authoring/contract.server";

export const meta = titleMeta;

const SAVED = [
  "skillAdded",
  "skill",
  "skillMoved",
  "skillRemoved",
  "profileAdded",
  "profile",
  "profileRemoved",
] as const;
const INTENTS = [
  "addSkill",
  "editSkill",
  "moveSkill",
  "removeSkill",
  "addProfile",
  "editProfile",
  "removeProfile",
] as const;

/**
 * /author/trainings/<slug>/skills: a test's skills and profiles (issue 26, item 3), and the chart
 * a member would get, drawn by the members' own component from example answers (each question's
 * first or last ones). A training has no such page (404).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAuthor(request);
  const draft = await readDraft(params.slug ?? "");
  if (draft?.content.kind !== "test") notFound(request);
  const lang = await localeOf(request);
  const query = new URL(request.url).searchParams;
  const example = EXAMPLES.find((key) => key === query.get("example")) ?? "first";
  const content = draft.content;
  return {
    slug: draft.slug,
    revision: draft.revision,
    saved: SAVED.find((key) => key === query.get("saved")) ?? null,
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
    options: content.skills.map((skill) => ({ id: skill.id, label: skill.label[lang] || skill.id })),
    preview: chartPreview(content, example, lang),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireAuthor(request);
  const slug = params.slug ?? "";
  const formData = await request.formData();
  const intent = intentOf(formData, INTENTS);
  if (!intent) return refuseUnknownIntent();
  const author = { id: member.id, lang: await localeOf(request) };
  // A training has no skills page: its posts are refused as its page is, before anything is read.
  const draft = await readDraft(slug);
  if (draft?.content.kind !== "test") notFound(request);
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

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

export default function SkillsEditor() {
  const { slug, revision, saved, example, otherExamples, skills, profiles, options, preview } =
    useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("author");
  const [skillList] = useFormReply(reply, { id: "skills", intent: "moveSkill" });
  const [profileList] = useFormReply(reply, { id: "profiles", intent: "removeProfile" });
  const [addSkillForm, addSkillFields] = useFormReply(reply, { id: "skill-add", intent: "addSkill" });
  const [addProfileForm, addProfileFields] = useFormReply(reply, { id: "profile-add", intent: "addProfile" });
  return (
    <>
      <UnknownIntentAlert reply={reply} />
      <SavedAlert saved={saved && `skills.saved.${saved}`} reply={reply} />
      <section className="card author-preview" aria-labelledby="preview-title">
        <h2 id="preview-title">{t("skills.preview")}</h2>
        <p>{t(`skills.example.${example}`)}</p>
        <p>
          {otherExamples.map((key) => (
            <Link key={key} to={`/author/trainings/${slug}/skills?example=${key}#preview-title`}>
              {t(`skills.exampleLink.${key}`)}
            </Link>
          ))}
        </p>
        {preview.questions === 0 ? <p className="muted">{t("skills.noQuestions")}</p> : null}
      </section>
      <TestResults result={preview.result} radar={preview.radar} />
      <section className="card" aria-labelledby="skills-title">
        <h2 id="skills-title">{t("skills.title")}</h2>
        <p className="muted">{t("skills.lead", { count: skills.length, max: trainingBounds.skills })}</p>
        <DraftAlerts form={skillList} reply={reply} />
        {skills.length === 0 ? <p>{t("skills.none")}</p> : null}
        <ol className="author-items">
          {skills.map((skill, index) => (
            <SkillItem
              key={skill.id}
              skill={skill}
              index={index}
              last={index === skills.length - 1}
              revision={revision}
              reply={reply}
            />
          ))}
        </ol>
      </section>
      {skills.length < trainingBounds.skills ? (
        <Form method="post" className="card author-form" {...formProps(addSkillForm)}>
          <h2>{t("skills.add")}</h2>
          <DraftAlerts form={addSkillForm} reply={reply} />
          <RevisionField revision={revision} />
          <input type="hidden" name="intent" value="addSkill" />
          <BilingualField fields={addSkillFields} name="label" label={t("skills.label")} max={trainingBounds.title} />
          <SubmitButton pendingLabel={t("quiz.saving")}>{t("skills.addSubmit")}</SubmitButton>
        </Form>
      ) : null}
      <section className="card" aria-labelledby="profiles-title">
        <h2 id="profiles-title">{t("skills.profiles")}</h2>
        <p className="muted">{t("skills.profilesLead", { count: profiles.length, max: trainingBounds.skills })}</p>
        <DraftAlerts form={profileList} reply={reply} />
        {profiles.length === 0 ? <p>{t("skills.noProfiles")}</p> : null}
        <ol className="author-items">
          {profiles.map((profile, index) => (
            <ProfileItem
              key={profile.id}
              profile={profile}
              index={index}
              options={options}
              revision={revision}
              reply={reply}
            />
          ))}
        </ol>
      </section>
      {profiles.length < trainingBounds.skills && options.length > 0 ? (
        <Form method="post" className="card author-form" {...formProps(addProfileForm)}>
          <h2>{t("skills.addProfile")}</h2>
          <DraftAlerts form={addProfileForm} reply={reply} />
          <RevisionField revision={revision} />
          <input type="hidden" name="intent" value="addProfile" />
          <ProfileFields fields={addProfileFields} options={options} />
          <SubmitButton pendingLabel={t("quiz.saving")}>{t("skills.addProfileSubmit")}</SubmitButton>
        </Form>
      ) : null}
    </>
  );
}

function SkillItem({
  skill,
  index,
  last,
  revision,
  reply,
}: {
  skill: Loaded["skills"][number];
  index: number;
  last: boolean;
  revision: number;
  reply: unknown;
}) {
  const { t } = useTranslation("author");
  const [editForm, editFields] = useFormReply(reply, {
    id: `skill-${skill.id}`,
    key: "target",
    intent: `skill:${skill.id}`,
    defaultValue: { labelFr: skill.label.fr, labelEn: skill.label.en },
  });
  const [removeForm, removeFields] = useFormReply(reply, {
    id: `skill-remove-${skill.id}`,
    key: "target",
    intent: `remove-skill:${skill.id}`,
  });
  const name = t("skills.skill", { number: index + 1 });
  return (
    <li className="author-item">
      <Form method="post" {...formProps(editForm)}>
        <p className="eyebrow">{name}</p>
        <DraftAlerts form={editForm} reply={reply} />
        <RevisionField revision={revision} />
        <input type="hidden" name="intent" value="editSkill" />
        <input type="hidden" name="target" value={`skill:${skill.id}`} />
        <input type="hidden" name="skill" value={skill.id} />
        <BilingualField fields={editFields} name="label" label={t("skills.label")} max={trainingBounds.title} />
        <p className="muted">
          {t("skills.uses", { answers: skill.uses.answers, profiles: skill.uses.profiles })} ·{" "}
          {t("skills.id", { id: skill.id })}
        </p>
        <SubmitButton pendingLabel={t("quiz.saving")} className="button button--primary button--small">
          {t("skills.save")}
        </SubmitButton>
      </Form>
      <div className="author-item__actions">
        <ItemButtons
          revision={revision}
          field="skill"
          id={skill.id}
          label={name}
          first={index === 0}
          last={last}
          move="moveSkill"
        />
        <Form method="post" className="author-item__form" {...formProps(removeForm)}>
          <DraftAlerts form={removeForm} reply={reply} />
          <RevisionField revision={revision} />
          <input type="hidden" name="intent" value="removeSkill" />
          <input type="hidden" name="target" value={`remove-skill:${skill.id}`} />
          <input type="hidden" name="skill" value={skill.id} />
          <CountedErrors
            id={removeFields.skill.errorId}
            errors={removeFields.skill.errors}
            values={{ count: skill.uses.profiles }}
          />
          {skill.uses.answers > 0 ? (
            <CheckField
              meta={removeFields.dropPoints}
              value="yes"
              label={t("skills.dropPoints", { count: skill.uses.answers })}
              values={{ count: skill.uses.answers }}
            />
          ) : null}
          <button type="submit" className="button button--ghost button--small">
            {t("quiz.items.remove")}
            <span className="visually-hidden"> {name}</span>
          </button>
        </Form>
      </div>
    </li>
  );
}

function ProfileFields({
  fields,
  options,
}: {
  fields: ReturnType<typeof useFormReply>[1];
  options: Loaded["options"];
}) {
  const { t } = useTranslation("author");
  return (
    <>
      <BilingualField fields={fields} name="label" label={t("skills.profileLabel")} max={trainingBounds.title} />
      <Field meta={fields.skill} label={t("skills.profileSkill")} hint={t("skills.profileSkillHint")} ns="author">
        <select {...fieldProps(fields.skill, { described: fields.skill.descriptionId })}>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      <BilingualField
        fields={fields}
        name="description"
        label={t("skills.description")}
        max={trainingBounds.summary}
        multiline
      />
    </>
  );
}

function ProfileItem({
  profile,
  index,
  options,
  revision,
  reply,
}: {
  profile: Loaded["profiles"][number];
  index: number;
  options: Loaded["options"];
  revision: number;
  reply: unknown;
}) {
  const { t } = useTranslation("author");
  const [form, fields] = useFormReply(reply, {
    id: `profile-${profile.id}`,
    key: "target",
    intent: `profile:${profile.id}`,
    defaultValue: profile.values,
  });
  const name = t("skills.profile", { number: index + 1 });
  return (
    <li className="author-item">
      <Form method="post" {...formProps(form)}>
        <p className="eyebrow">{name}</p>
        <DraftAlerts form={form} reply={reply} />
        <RevisionField revision={revision} />
        <input type="hidden" name="intent" value="editProfile" />
        <input type="hidden" name="target" value={`profile:${profile.id}`} />
        <input type="hidden" name="profile" value={profile.id} />
        <ProfileFields fields={fields} options={options} />
        <SubmitButton pendingLabel={t("quiz.saving")} className="button button--primary button--small">
          {t("skills.saveProfile")}
        </SubmitButton>
      </Form>
      <ItemButtons revision={revision} field="profile" id={profile.id} label={name} first last remove="removeProfile" />
    </li>
  );
}
