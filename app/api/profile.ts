import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, parseJsonBody } from "~/.server/api/respond.server";
import { profileBody } from "~/.server/profile/contract.server";
import { profileOf, updateProfile } from "~/.server/profile/profile.server";

/** GET /api/profile — the session's member's profile (there is no id: nobody reads another's). */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiAnswer({ profile: await profileOf(await apiMember(request)) });
}

/** POST /api/profile — updates the fields given; answers the profile as saved. */
export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await apiMember(request);
  const body = await parseJsonBody(request, profileBody);
  const profile = await updateProfile(signedIn, {
    firstname: body.firstname,
    lastname: body.lastname,
    birthDate: body.birth_date,
    mobile: body.mobile,
    levelOfStudy: body.level_of_study,
    role: body.role === undefined ? undefined : body.role || null,
    userType: body.user_type,
  });
  return apiAnswer({ profile });
}
