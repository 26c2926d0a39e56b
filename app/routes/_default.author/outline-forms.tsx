import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { SlugField } from "./draft-fields";
import { BilingualField, DraftForm, RevisionField } from "./draft-form";
import { trainingBounds } from "~/content/training-schema";
import { Field, SubmitButton } from "~/components/form/form";
import { fieldProps, useFormReply } from "~/components/form/form-reply";
import { BothLanguages } from "~/components/presentational/both-languages";
import { useTranslation } from "~/i18n/react";
import { ButtonLink } from "~/components/presentational/button-link";

/**
 * The forms of a training's outline lists: its modules, and a module's parts. Each item
 * is moved up or down by a post naming it (`slug`), removed once the author confirms it on the
 * page the item's remove link opens, and a new one added under the list.
 */

/** The move up and move down buttons of the `index`-th of `count` items, and the link asking to remove it. */
export function OutlineItemActions({
  revision,
  intent,
  slug,
  name,
  index,
  count,
  removeTo,
}: {
  revision: number;
  intent: string;
  slug: string;
  /** The item's name, for screen readers. */
  name: string;
  index: number;
  count: number;
  removeTo: string;
}) {
  const { t } = useTranslation("author");
  return (
    <Form method="post" className="author-actions">
      <RevisionField revision={revision} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="slug" value={slug} />
      {index > 0 ? (
        <SubmitButton name="direction" value="up" pendingLabel={t("modules.moving")} className="button button--ghost">
          ↑ {t("modules.up")}
          <span className="visually-hidden"> : {name}</span>
        </SubmitButton>
      ) : null}
      {index < count - 1 ? (
        <SubmitButton name="direction" value="down" pendingLabel={t("modules.moving")} className="button button--ghost">
          ↓ {t("modules.down")}
          <span className="visually-hidden"> : {name}</span>
        </SubmitButton>
      ) : null}
      <ButtonLink to={removeTo} tone="ghost">
        {t("modules.removeLink")}
        <span className="visually-hidden"> : {name}</span>
      </ButtonLink>
    </Form>
  );
}

/**
 * One item of an outline list: its `eyebrow`, its titles linking `to` its page, what `children`
 * add, and its buttons (OutlineItemActions).
 */
export function OutlineItem({
  item,
  eyebrow,
  to,
  children,
  ...actions
}: {
  item: { slug: string; title: { fr: string; en: string }; name: string };
  eyebrow: string;
  to: string;
  children?: ReactNode;
} & Omit<Parameters<typeof OutlineItemActions>[0], "slug" | "name">) {
  return (
    <li className="author-items__item">
      <div>
        <p className="eyebrow">{eyebrow}</p>
        <h3>
          <Link to={to}>
            <BothLanguages text={item.title} />
          </Link>
        </h3>
        {children}
      </div>
      <OutlineItemActions {...actions} slug={item.slug} name={item.name} />
    </li>
  );
}

/**
 * Asks to confirm an item's removal: its title in both languages, what removing it does, and the
 * post (`intent`, `slug`) or a way back to `cancelTo`. `words` is the author namespace's key of
 * the item's texts (`<words>.title`, `.explain`, `.confirm`).
 */
export function RemoveConfirm({
  id,
  words,
  item,
  intent,
  revision,
  cancelTo,
}: {
  id: string;
  words: string;
  item: { slug: string; title: { fr: string; en: string } };
  intent: string;
  revision: number;
  cancelTo: string;
}) {
  const { t } = useTranslation("author");
  return (
    <section className="card author-confirm" aria-labelledby={id}>
      <h2 id={id}>{t(`${words}.title`)}</h2>
      <BothLanguages text={item.title} />
      <p>{t(`${words}.explain`)}</p>
      <Form method="post" className="author-actions">
        <RevisionField revision={revision} />
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="slug" value={item.slug} />
        <SubmitButton pendingLabel={t("modules.remove.pending")} className="button button--danger">
          {t(`${words}.confirm`)}
        </SubmitButton>
        <ButtonLink to={cancelTo} tone="ghost">
          {t("modules.remove.cancel")}
        </ButtonLink>
      </Form>
    </section>
  );
}

/** What adding differs in between the two lists: the form, its intent, its texts, its limit. */
const ADDING = {
  module: {
    id: "add-module",
    intent: "add",
    words: "modules.add",
    max: trainingBounds.modules,
    pattern: "[a-z0-9]+([\\-_][a-z0-9]+)*",
  },
  part: { id: "add-part", intent: "addPart", words: "modules.addPart", max: trainingBounds.parts, pattern: undefined },
} as const;

/**
 * A new item of the outline (a module of the training, or a part of the module, with its kind): its
 * titles and slug; a full list says so, and refuses it when sent.
 */
export function AddItemForm({
  item,
  reply,
  revision,
  full,
}: {
  item: keyof typeof ADDING;
  reply: unknown;
  revision: number;
  full: boolean;
}) {
  const { t } = useTranslation("author");
  const { id, intent, words, max, pattern } = ADDING[item];
  const [form, fields] = useFormReply<{ kind: string; titleFr: string; titleEn: string; slug: string }>(reply, {
    id,
    intent,
    defaultValue: item === "part" ? { kind: "text" } : undefined,
  });
  return (
    // Keyed by the revision: once added, the form is empty again for the next one.
    <DraftForm
      key={revision}
      form={form}
      reply={reply}
      revision={revision}
      intent={intent}
      title={t(`${words}.title`)}
      note={full ? <p>{t(`${words}.full`, { max })}</p> : null}
    >
      {item === "part" ? (
        <Field meta={fields.kind} label={t("modules.addPart.kind")} ns="author">
          <select {...fieldProps(fields.kind)}>
            <option value="text">{t("outline.part.text")}</option>
            <option value="video">{t("outline.part.video")}</option>
            <option value="exercise">{t("outline.part.exercise")}</option>
          </select>
        </Field>
      ) : null}
      <BilingualField fields={fields} name="title" label={t(`${words}.name`)} />
      <SlugField meta={fields.slug} label={t("modules.add.slug")} hint={t("modules.add.slugHint")} pattern={pattern} />
      <SubmitButton pendingLabel={t("modules.add.pending")} className="button button--primary">
        {t(`${words}.submit`)}
      </SubmitButton>
    </DraftForm>
  );
}
