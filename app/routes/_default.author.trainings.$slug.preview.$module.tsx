import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { modulePreview } from "~/.server/authoring/preview.server";
import { readPreviewRequest } from "~/routes/_default.author/preview-request.server";
import { notFound } from "~/.server/http/not-found.server";
import { PreviewFrame, previewHref } from "~/routes/_default.author/preview-frame";
import { titleMeta } from "~/components/document/page-title";
import { ModulePageBody } from "~/components/presentational/module-page-body";
import { draftPage } from "~/routes/_default.author/draft-page.server";

export const meta = titleMeta;

/**
 * /author/trainings/<slug>/preview/<module>: one module of the draft as a member who has not
 * started it would see it (its parts, its quiz, disabled). Nothing is written.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { draft } = await draftPage(request, params.slug);
  const { authorLang, query, title, missing } = await readPreviewRequest(request);
  const preview = modulePreview(draft, params.module ?? "", { lang: query.lang, authorLang, missing });
  if (!preview) notFound(request);
  return {
    title,
    module: preview.module,
    base: { slug: draft.slug, lang: query.lang, width: query.width },
    frame: { ...query, missing: preview.missing, here: `/author/trainings/${draft.slug}/preview/${params.module}` },
  };
}

export default function ModulePreview() {
  const { module, base, frame } = useLoaderData<typeof loader>();
  return (
    <PreviewFrame preview={frame}>
      <ModulePageBody
        module={module}
        reply={undefined}
        links={{
          training: previewHref(base.slug, base.lang, undefined, base.width),
          module: (slug) => previewHref(base.slug, base.lang, slug, base.width),
          video: (part) => `${previewHref(base.slug, base.lang, module.slug, base.width)}#part-${part}`,
        }}
      />
    </PreviewFrame>
  );
}
