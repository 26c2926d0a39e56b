import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAuthor } from "~/.server/auth/role-guard.server";
import { versionFile } from "~/.server/authoring/publish.server";
import { notFound } from "~/.server/http/not-found.server";

/**
 * /author/trainings/<slug>/history/<number>/file.json — one published version of a training as its
 * file (the repository's format), downloaded. A number that is not one is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAuthor(request);
  const number = params.number ?? "";
  if (!/^[1-9]\d{0,8}$/.test(number)) notFound(request);
  const file = await versionFile(params.slug ?? "", Number(number));
  if (!file) notFound(request);
  return new Response(`${JSON.stringify(file, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.slug}-v${number}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
