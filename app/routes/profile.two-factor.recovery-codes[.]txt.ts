import type { ActionFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "~/forms/submission";
import { requireMember } from "~/.server/auth/guard.server";
import { refuse } from "~/.server/http/form-reply.server";
import { translator } from "~/.server/i18n/i18n.server";
import { twoFactorForms } from "~/.server/two-factor/contract.server";

/**
 * POST /profile/two-factor/recovery-codes.txt: the recovery codes just shown on /profile/two-factor,
 * posted back by a plain form, as a text file to keep (works without JavaScript; nothing is read
 * from the database: the codes are stored as hashes only).
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireMember(request);
  const submission = parseWithZod(await request.formData(), { schema: twoFactorForms.download });
  if (submission.status !== "success") return refuse(submission.reply());
  const t = await translator(request, "profile");
  const text = [t("twoFactor.codes.fileHeader"), "", ...submission.value.codes, ""].join("\n");
  return new Response(text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": 'attachment; filename="cap-recovery-codes.txt"',
      "Cache-Control": "no-store",
    },
  });
}
