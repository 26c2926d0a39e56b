import { data, redirect } from "@remix-run/node";
import type { ServiceRefusal } from "~/.server/contract/refusal-table.server";
import { refuseWith } from "~/.server/http/form-reply.server";
import type { DraftSave } from "~/.server/authoring/drafts.server";
import { draftRefusals } from "~/.server/authoring/contract.server";

/**
 * How every form of the author space answers a draft save: saved, back to `page` with
 * `?saved=<what>` (post, redirect, get); refused, the form again with what was typed and the
 * message, nothing changed. A save from a page read before someone else's save is refused with
 * 409 and a message that offers to reload: two authors never silently overwrite each other.
 */

type Replying = Parameters<typeof refuseWith>[0];

export function answerDraftSave<Refusal>(
  submission: Replying,
  save: DraftSave<Refusal>,
  { page, saved, refusalOf }: { page: string; saved: string; refusalOf?: (refusal: Refusal) => ServiceRefusal },
) {
  if (save.ok) return redirect(`${page}?saved=${encodeURIComponent(saved)}`, 303);
  switch (save.error) {
    case "notFound":
    case "stale":
      return refuseWith(submission, draftRefusals[save.error]);
    case "refused":
      if (!refusalOf) throw new Error("an edit refused without a refusal table");
      return refuseWith(submission, refusalOf(save.refusal));
    case "invalid": {
      // The schema's own words, already translated, with the path of each mistake.
      const reply = submission.reply({ formErrors: [draftRefusals.invalid.message] });
      return data({ ...reply, problems: save.problems }, { status: draftRefusals.invalid.status });
    }
  }
}
