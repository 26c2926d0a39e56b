import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { successAnswer } from "~/.server/contract/operation.server";
import { removePhoto } from "~/.server/media/photo.server";

export const endpoint = postEndpoint("/api/profile/photo/delete", {
  summary: "Remove the profile photo (done too when there was none)",
  ok: { status: 200, schema: successAnswer, description: "Removed; its URL no longer answers" },
  async handler({ signedIn: { member } }) {
    await removePhoto(member.id);
    return apiAnswer({ success: true });
  },
});
