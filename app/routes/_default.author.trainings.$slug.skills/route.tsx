import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { readDraft } from "~/.server/authoring/drafts.server";
import { intentOf, refuseUnknownIntent } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { trainingBounds } from "~/content/training-schema";
import { titleMeta } from "~/components/document/page-title";
import { SubmitButton } from "~/components/form/form";
import { useFormReply } from "~/components/form/form-reply";
import { TestResults } from "~/components/presentational/training-results";
import { useTranslation } from "~/i18n/react";
import { draftAuthor, draftPage, savedOf } from "~/routes/_default.author/draft-page.server";
import { BilingualField, DraftForm, DraftList } from "~/routes/_default.author/draft-form";
import { EditorAlerts } from "~/routes/_default.author/quiz-forms";
import { ProfileFields, ProfileItem, SkillItem } from "./skill-items";
import { INTENTS, postSkillChange, SAVED, skillsPage } from "./skills-page.server";

export const meta = titleMeta;

/**
 * /author/trainings/<slug>/skills: a test's skills and profiles, and the chart
 * a member would get, drawn by the members' own component from example answers (each question's
 * first or last ones). A training has no such page (404).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { draft, lang, query } = await draftPage(request, params.slug);
  if (draft.content.kind !== "test") notFound(request);
  return { ...skillsPage(draft, lang, query), saved: savedOf(query, SAVED) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { author } = await draftAuthor(request);
  const slug = params.slug ?? "";
  const formData = await request.formData();
  const intent = intentOf(formData, INTENTS);
  if (!intent) return refuseUnknownIntent();
  // A training has no skills page: its posts are refused as its page is, before anything is read.
  const draft = await readDraft(slug);
  if (draft?.content.kind !== "test") notFound(request);
  return postSkillChange(intent, formData, slug, author);
}

export default function SkillsEditor() {
  const { slug, revision, saved, example, otherExamples, skills, profiles, options, preview } =
    useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  // What every form of the page posts with: the revision it was read at, and the reply it shows.
  const draft = { reply, revision };
  const { t } = useTranslation("author");
  const [skillList] = useFormReply(reply, { id: "skills", intent: "moveSkill" });
  const [profileList] = useFormReply(reply, { id: "profiles", intent: "removeProfile" });
  const [addSkillForm, addSkillFields] = useFormReply(reply, { id: "skill-add", intent: "addSkill" });
  const [addProfileForm, addProfileFields] = useFormReply(reply, { id: "profile-add", intent: "addProfile" });
  return (
    <>
      <EditorAlerts saved={saved && `skills.saved.${saved}`} reply={reply} />
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
      <DraftList
        id="skills-title"
        title={t("skills.title")}
        lead={<p className="muted">{t("skills.lead", { count: skills.length, max: trainingBounds.skills })}</p>}
        form={skillList}
        reply={reply}
        count={skills.length}
        none={t("skills.none")}
      >
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
      </DraftList>
      {skills.length < trainingBounds.skills ? (
        <DraftForm {...draft} form={addSkillForm} intent="addSkill" title={t("skills.add")}>
          <BilingualField fields={addSkillFields} name="label" label={t("skills.label")} />
          <SubmitButton pendingLabel={t("quiz.saving")}>{t("skills.addSubmit")}</SubmitButton>
        </DraftForm>
      ) : null}
      <DraftList
        id="profiles-title"
        title={t("skills.profiles")}
        lead={
          <p className="muted">{t("skills.profilesLead", { count: profiles.length, max: trainingBounds.skills })}</p>
        }
        form={profileList}
        reply={reply}
        count={profiles.length}
        none={t("skills.noProfiles")}
      >
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
      </DraftList>
      {profiles.length < trainingBounds.skills && options.length > 0 ? (
        <DraftForm {...draft} form={addProfileForm} intent="addProfile" title={t("skills.addProfile")}>
          <ProfileFields fields={addProfileFields} options={options} />
          <SubmitButton pendingLabel={t("quiz.saving")}>{t("skills.addProfileSubmit")}</SubmitButton>
        </DraftForm>
      ) : null}
    </>
  );
}
