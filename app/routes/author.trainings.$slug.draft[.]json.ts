import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAuthor } from "~/.server/auth/role-guard.server";
import { draftFile } from "~/.server/authoring/training-import.server";
import { notFound } from "~/.server/http/not-found.server";

/**
 * /author/trainings/<slug>/draft.json — the DRAFT as a file, unpublished changes and unfinished
 * parts included (the published version is file.json), downloaded, never cached.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAuthor(request);
  const slug = params.slug ?? "";
  const file = await draftFile(slug);
  if (file === null) notFound(request);
  // The slug is the schema's [a-z0-9_-]: safe in a header.
  return new Response(file, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${slug}.draft.json"`,
      "Cache-Control": "no-store",
    },
  });
}
