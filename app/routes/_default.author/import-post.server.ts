import { data } from "@remix-run/node";
import { revisionField } from "~/.server/authoring/training-meta.server";
import type { ImportOutcome } from "~/.server/authoring/training-import.server";

/**
 * The import forms' posts: a multipart form with the file (and the draft's
 * revision), read once the author is known — the door lets these two paths send up to the file
 * bound and asks who sends first (request-screen.server.ts, upload-gate.server.ts).
 */
export type ImportPost = { file: Uint8Array | null; revision: number | null };

export async function importPostOf(request: Request): Promise<ImportPost> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { file: null, revision: null };
  }
  const file = form.get("file");
  const revision = revisionField.safeParse(form.get("revision") ?? undefined);
  return {
    file: file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null,
    revision: revision.success ? revision.data : null,
  };
}

/** How a refused import is told: a message key of "author" (with its values) and each mistake with its path. */
export type ImportRefusal = {
  ok: false;
  message: string;
  values?: Record<string, string>;
  problems: { path: string; message: string }[];
};

export function refuseImport(status: number, message: string, extra: Partial<ImportRefusal> = {}) {
  return data<ImportRefusal>({ ok: false, message, problems: [], ...extra }, { status });
}

/** A refused outcome of the import services, told. */
export function answerImportRefusal(outcome: Exclude<ImportOutcome, { ok: true }>, slug?: string) {
  switch (outcome.error) {
    case "broken":
      return refuseImport(422, "import.errors.broken", { problems: outcome.problems });
    case "wrongSlug":
      return refuseImport(422, "import.errors.wrongSlug", { values: { file: outcome.file, slug: slug ?? "" } });
    case "taken":
      return refuseImport(409, "import.errors.taken", { values: { file: outcome.file ?? "" } });
    case "reserved":
      return refuseImport(422, "import.errors.reserved", { values: { file: outcome.file ?? "" } });
    case "stale":
      return refuseImport(409, "errors.stale");
    case "notFound":
      return refuseImport(404, "errors.notFound");
  }
}
