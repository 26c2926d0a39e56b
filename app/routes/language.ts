import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { currentMember } from "~/.server/auth/guard.server";
import { languageCookieHeader } from "~/.server/i18n/i18n.server";
import { saveLanguage } from "~/.server/profile/language.server";
import { safeRedirectPath } from "~/.server/http/safe-redirect.server";
import { isLanguage } from "~/i18n/config";

/**
 * POST /language: remembers the chosen language (on the member's account too, when signed in) and
 * goes back to the page it was chosen on.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const lng = form.get("lng");
  const back = safeRedirectPath(form.get("redirectTo"));
  if (!isLanguage(lng)) return redirect(back, 303);
  const member = await currentMember(request);
  if (member) await saveLanguage(member, lng);
  return redirect(back, { status: 303, headers: { "Set-Cookie": await languageCookieHeader(lng) } });
}

export function loader() {
  return redirect("/", 303);
}
