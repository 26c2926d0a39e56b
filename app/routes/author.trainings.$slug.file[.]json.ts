import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAuthor } from "~/.server/auth/role-guard.server";
import { notFound } from "~/.server/http/not-found.server";
import { exportTraining } from "~/.server/trainings/training-file.server";

/**
 * /author/trainings/<slug>/file.json — a training as its file (app/content/trainings/<slug>.json),
 * from the database, downloaded. Its own path segment: a Remix segment cannot be `<slug>.json`.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAuthor(request);
  const file = await exportTraining(params.slug ?? "");
  if (!file) notFound(request);
  // The files' own layout: two spaces, a final newline (the slug is the schema's [a-z0-9_-]).
  return new Response(`${JSON.stringify(file, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.slug}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
