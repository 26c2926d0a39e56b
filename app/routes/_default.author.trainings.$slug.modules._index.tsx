import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { draftPosts } from "~/routes/_default.author/draft-change-post.server";
import {
  addModule,
  addModuleSchema,
  moveModule,
  moveSchema,
  removeModule,
  removeSchema,
} from "~/.server/authoring/modules.server";
import { intentOf, refuseUnknownIntent } from "~/.server/http/form-reply.server";
import { translator } from "~/.server/i18n/i18n.server";
import { trainingBounds } from "~/content/training-schema";
import { DraftList } from "~/routes/_default.author/draft-form";
import { AddItemForm, OutlineItem, RemoveConfirm } from "~/routes/_default.author/outline-forms";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert } from "~/components/form/form";
import { useFormReply } from "~/components/form/form-reply";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { Duration } from "~/components/presentational/duration";
import { useTranslation } from "~/i18n/react";
import { type ModuleRefusal, moduleRefusals } from "~/.server/authoring/contract.server";
import { draftAuthor, draftPage, savedOf } from "~/routes/_default.author/draft-page.server";

export const meta = titleMeta;

const SAVED = ["added", "moved", "removed"] as const;

/**
 * /author/trainings/<slug>/modules: the draft's modules in order (both titles, hours, parts),
 * each moved up or down or removed (after a confirmation), and a new one added.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { draft, lang, query } = await draftPage(request, params.slug);
  const t = await translator(lang, "author");
  const removing = draft.content.modules.find((module) => module.slug === query.get("remove"));
  return {
    title: t("modules.pageTitle", { training: draft.content.title[lang] || draft.slug }),
    slug: draft.slug,
    revision: draft.revision,
    saved: savedOf(query, SAVED),
    full: draft.content.modules.length >= trainingBounds.modules,
    confirm: removing ? { slug: removing.slug, title: removing.title } : null,
    modules: draft.content.modules.map((module) => ({
      slug: module.slug,
      title: module.title,
      name: module.title[lang] || module.slug,
      hours: module.hours,
      parts: module.parts.length,
      questions: module.quiz?.questions.length ?? 0,
    })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { author } = await draftAuthor(request);
  const slug = params.slug ?? "";
  const formData = await request.formData();
  const intent = intentOf(formData, ["add", "move", "remove"]);
  if (!intent) return refuseUnknownIntent();
  const post = draftPosts(
    formData,
    `/author/trainings/${slug}/modules`,
    (refusal: ModuleRefusal) => moduleRefusals[refusal],
  );
  if (intent === "add") return post(addModuleSchema, "added", (value) => addModule(slug, value, author));
  if (intent === "move") return post(moveSchema, "moved", (value) => moveModule(slug, value, author));
  return post(removeSchema, "removed", (value) => removeModule(slug, value, author));
}

export default function ModulesPage() {
  const { slug, modules, revision, saved, confirm, full } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("author");
  const [listForm] = useFormReply(reply, { id: "modules", intent: ["move", "remove"] });
  const base = `/author/trainings/${slug}/modules`;
  return (
    <>
      <UnknownIntentAlert reply={reply} />
      {saved ? <FormAlert tone="success" lines={[t(`modules.saved.${saved}`)]} /> : null}
      {confirm ? (
        <RemoveConfirm
          id="remove-module"
          words="modules.remove"
          item={confirm}
          intent="remove"
          revision={revision}
          cancelTo={base}
        />
      ) : null}
      <DraftList
        id="modules-title"
        title={t("modules.title")}
        form={listForm}
        reply={reply}
        count={modules.length}
        none={t("modules.empty")}
      >
        {modules.map((module, index) => (
          <OutlineItem
            key={module.slug}
            item={module}
            eyebrow={t("modules.number", { number: index + 1 })}
            to={`${base}/${module.slug}`}
            revision={revision}
            intent="move"
            index={index}
            count={modules.length}
            removeTo={`${base}?remove=${module.slug}`}
          >
            <p className="muted">
              <Duration hours={module.hours} /> · {t("modules.parts", { count: module.parts })} ·{" "}
              {t("modules.questions", { count: module.questions })}
            </p>
          </OutlineItem>
        ))}
      </DraftList>
      <AddItemForm item="module" reply={reply} revision={revision} full={full} />
    </>
  );
}
