import { defineEndpoint, operation } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { profileAnswer, profileBody } from "~/.server/profile/contract.server";
import { profileOf, updateProfile } from "~/.server/profile/profile.server";

/** The session's member's profile: there is no id, nobody reads another's. */
export const endpoint = defineEndpoint("/api/profile", {
  get: operation({
    summary: "The signed-in member's profile (only ever the session's own member)",
    ok: { status: 200, schema: profileAnswer, description: "The profile" },
    handler: async ({ signedIn }) => apiAnswer({ profile: await profileOf(signedIn) }),
  }),
  post: operation({
    summary: "Update the profile: a field left out keeps its value, null clears an optional one",
    body: profileBody,
    ok: { status: 200, schema: profileAnswer, description: "The profile as saved" },
    async handler({ signedIn, body }) {
      const fields = await body();
      const profile = await updateProfile(signedIn, {
        firstname: fields.firstname,
        lastname: fields.lastname,
        birthDate: fields.birth_date,
        mobile: fields.mobile,
        levelOfStudy: fields.level_of_study,
        role: fields.role === undefined ? undefined : fields.role || null,
        userType: fields.user_type,
      });
      return apiAnswer({ profile });
    },
  }),
});
