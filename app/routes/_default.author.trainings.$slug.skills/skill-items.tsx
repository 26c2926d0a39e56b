import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/form/form";
import { formProps, useFormReply } from "~/components/form/form-reply";
import { SelectField } from "~/components/form/select-field";
import { useTranslation } from "~/i18n/react";
import { BilingualField, DraftAlerts, RevisionField } from "~/routes/_default.author/draft-form";
import { CheckField, CountedErrors, ItemButtons } from "~/routes/_default.author/quiz-forms";
import type { SkillsPage } from "./skills-page.server";

type Loaded = Pick<SkillsPage, "skills" | "profiles" | "options">;

export function SkillItem({
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
        <BilingualField fields={editFields} name="label" label={t("skills.label")} />
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

export function ProfileFields({
  fields,
  options,
}: {
  fields: ReturnType<typeof useFormReply>[1];
  options: Loaded["options"];
}) {
  const { t } = useTranslation("author");
  return (
    <>
      <BilingualField fields={fields} name="label" label={t("skills.profileLabel")} />
      <SelectField
        meta={fields.skill}
        label={t("skills.profileSkill")}
        hint={t("skills.profileSkillHint")}
        ns="author"
        options={options}
      />
      <BilingualField fields={fields} name="description" label={t("skills.description")} multiline />
    </>
  );
}

export function ProfileItem({
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
