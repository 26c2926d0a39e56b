import { Form, Link } from "@remix-run/react";
import { RevisionField } from "./draft-form";
import { SubmitButton } from "~/components/form/form";
import { BothLanguages } from "~/components/presentational/both-languages";
import { useTranslation } from "~/i18n/react";

/**
 * The forms of a training's outline lists: its modules, and a module's parts. Each item
 * is moved up or down by a post naming it (`slug`) and removed once the author confirms it on the
 * page the item's remove link opens.
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
      <Link to={removeTo} className="button button--ghost">
        {t("modules.removeLink")}
        <span className="visually-hidden"> : {name}</span>
      </Link>
    </Form>
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
        <Link to={cancelTo} className="button button--ghost">
          {t("modules.remove.cancel")}
        </Link>
      </Form>
    </section>
  );
}
