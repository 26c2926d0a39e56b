import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, parseJsonBody } from "~/.server/api/respond.server";
import { profileBody } from "~/.server/api/schemas.server";
import { profileOf, updateProfile } from "~/.server/profile/profile.server";

/** GET /api/profile — the session's member's profile (there is no id: nobody reads another's). */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  return apiAnswer({ profile: await profileOf(member.signedIn) });
}

/** POST /api/profile — updates the fields given; answers the profile as saved. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  const body = await parseJsonBody(request, profileBody);
  if (!body.ok) return body.response;
  const { value } = body;
  const profile = await updateProfile(member.signedIn, {
    firstname: value.firstname,
    lastname: value.lastname,
    birthDate: value.birth_date,
    mobile: value.mobile,
    levelOfStudy: value.level_of_study,
    role: value.role === undefined ? undefined : value.role || null,
    userType: value.user_type,
  });
  return apiAnswer({ profile });
}
