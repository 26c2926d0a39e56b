import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { trainingPreview } from "~/.server/authoring/preview.server";
import { readPreviewRequest } from "~/routes/_default.author/preview-request.server";
import { PreviewFrame } from "~/routes/_default.author/preview-frame";
import { titleMeta } from "~/components/document/page-title";
import { TrainingPageBody } from "~/components/presentational/training-page-body";
import { draftPage } from "~/routes/_default.author/draft-page.server";

export const meta = titleMeta;

/**
 * /author/trainings/<slug>/preview: the draft's training page as a member who has not started it
 * would see it, in French or English, at a phone's width or the full one. Nothing is written.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { draft } = await draftPage(request, params.slug);
  const { authorLang, query, title, missing } = await readPreviewRequest(request);
  const preview = trainingPreview(draft, { lang: query.lang, authorLang, missing, width: query.width });
  return {
    title,
    preview,
    frame: { ...query, missing: preview.missing, here: `/author/trainings/${draft.slug}/preview` },
  };
}

export default function TrainingPreview() {
  const { preview, frame } = useLoaderData<typeof loader>();
  return (
    <PreviewFrame preview={frame}>
      <TrainingPageBody training={preview.training} resultPath="#" modules={preview.modules} back="#" />
    </PreviewFrame>
  );
}
