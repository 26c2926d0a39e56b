import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { photoAnswer, photoRefusals } from "~/.server/profile/contract.server";
import { savePhoto } from "~/.server/media/photo.server";

/**
 * The body is the image file itself (SPEC §7: the files client sends no Content-Type); the door
 * let through up to 8 MB for this path only, the service takes 5.
 */
export const endpoint = postEndpoint("/api/profile/photo", {
  summary:
    "Upload a profile photo: the body is the image's bytes (JPEG, PNG or WebP, 5 MB and 40 megapixels at most), " +
    "sent with no Content-Type or the image's; it becomes a 256×256 WebP (413: too large; 415: not such an " +
    "image; 422: unreadable or too many pixels; 429: 20 uploads an hour)",
  rawBody: { types: ["image/jpeg", "image/png", "image/webp"], description: "The image file's bytes" },
  refusals: photoRefusals,
  ok: { status: 200, schema: photoAnswer, description: "Saved; the previous photo's URL no longer answers" },
  async handler({ request, signedIn: { member }, refuse }) {
    const saved = await savePhoto(member.id, Buffer.from(await request.arrayBuffer()));
    return saved.ok ? apiAnswer({ photo_url: saved.url }) : refuse(saved.error);
  },
});
