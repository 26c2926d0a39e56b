import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { RevisionField } from "./draft-form";
import { type FieldMeta, FormAlert } from "~/components/form/form";
import { fieldProps } from "~/components/form/form-reply";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { useTranslation } from "~/i18n/react";

/**
 * Pieces of the quiz, question and skills editors: the page's own messages,
 * a message with the numbers it names, and the small forms that move or remove an item of a list
 * (plain buttons: no JavaScript needed).
 */

/**
 * The page's own messages: the refusal of a post whose intent it does not know, and the message
 * after a save (`?saved=`), a key of the author namespace; not once a post of the page answered
 * (its forms post to the same address, `?saved=` included).
 */
export function EditorAlerts({ saved, reply }: { saved: string | null; reply: unknown }) {
  const { t } = useTranslation("author");
  return (
    <>
      <UnknownIntentAlert reply={reply} />
      {saved && !reply ? <FormAlert tone="success" lines={[t(saved)]} /> : null}
    </>
  );
}

/** An author's text in both languages, a placeholder for one not written yet. */
export function written(text: { fr: string; en: string }, placeholder: string) {
  return { fr: text.fr || placeholder, en: text.en || placeholder };
}

/**
 * A field's errors when they name numbers (the rule `min ≤ max ≤ answers`): each key translated
 * with `values`, under the field like ErrorList's.
 */
export function CountedErrors({
  id,
  errors,
  values,
}: {
  id: string;
  errors?: string[];
  values: Record<string, number | string>;
}) {
  const { t } = useTranslation("author");
  if (!errors?.length) return null;
  return (
    // biome-ignore lint/a11y/noRedundantRoles: Safari drops the list role of a list without bullets
    <ul id={id} className="field__errors" role="list">
      {errors.map((error) => (
        <li key={error}>{t(error, values)}</li>
      ))}
    </ul>
  );
}

/**
 * Move up, move down and remove buttons for one item of a list, each its own post naming the item
 * (`field` = `id`), the intents `move` and `remove` (either left out: no such buttons). `label`
 * names the item for screen readers ("question 2").
 */
export function ItemButtons({
  revision,
  field,
  id,
  label,
  first,
  last,
  move,
  remove,
}: {
  revision: number;
  field: string;
  id: string;
  label: string;
  first: boolean;
  last: boolean;
  move?: string;
  remove?: string;
}) {
  const { t } = useTranslation("author");
  return (
    <div className="author-item__buttons">
      {!move || (first && last) ? null : (
        <Form method="post" className="author-item__form">
          <RevisionField revision={revision} />
          <input type="hidden" name="intent" value={move} />
          <input type="hidden" name={field} value={id} />
          {first ? null : (
            <Small name="direction" value="up" label={t("quiz.items.upLabel", { item: label })}>
              {t("quiz.items.up")}
            </Small>
          )}
          {last ? null : (
            <Small name="direction" value="down" label={t("quiz.items.downLabel", { item: label })}>
              {t("quiz.items.down")}
            </Small>
          )}
        </Form>
      )}
      {remove ? (
        <Form method="post" className="author-item__form">
          <RevisionField revision={revision} />
          <input type="hidden" name="intent" value={remove} />
          <input type="hidden" name={field} value={id} />
          <Small label={t("quiz.items.removeLabel", { item: label })}>{t("quiz.items.remove")}</Small>
        </Form>
      ) : null}
    </div>
  );
}

function Small({
  name,
  value,
  label,
  children,
}: {
  name?: string;
  value?: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" name={name} value={value} className="button button--ghost button--small" aria-label={label}>
      {children}
    </button>
  );
}

/** A checkbox with its label around it, and its errors (with the numbers they name). */
export function CheckField({
  meta,
  value,
  label,
  values = {},
}: {
  meta: FieldMeta;
  value: string;
  label: string;
  values?: Record<string, number | string>;
}) {
  return (
    <div className={meta.errors ? "field field--invalid" : "field"}>
      <div className="radio-row">
        <label>
          <input {...fieldProps(meta, { type: "checkbox", value })} />
          {label}
        </label>
      </div>
      <CountedErrors id={meta.errorId} errors={meta.errors} values={values} />
    </div>
  );
}
