import { z } from "zod";
import { getEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { COACHES_PAGE_SIZE, coachesPage } from "~/.server/admin/coaches.server";
import { pageAnswerFields, pageEnvelope } from "~/.server/paging/paging.server";

const coachesAnswer = z.object({
  coaches: z.array(
    z.object({
      id: z.string().uuid(),
      slug: z.string(),
      name: z.string(),
      retired: z.boolean(),
      member: z
        .object({ id: z.string().uuid(), name: z.string() })
        .nullable()
        .describe("The account they sign in with"),
      upcoming_sessions: z.number().int().min(0).describe("Confirmed sessions not yet started"),
    }),
  ),
  ...pageAnswerFields,
});

export const endpoint = getEndpoint("/api/admin/coaches", {
  guard: "admin",
  summary: "Every coach, active ones first, a page at a time: linked member, retired or not, upcoming sessions",
  page: COACHES_PAGE_SIZE,
  ok: { status: 200, schema: coachesAnswer, description: "A page of coaches" },
  async handler({ page }) {
    const { items, page: settled } = await coachesPage(page);
    return apiAnswer({
      coaches: items.map((coach) => ({
        id: coach.id,
        slug: coach.slug,
        name: coach.name,
        retired: coach.retired,
        member: coach.member,
        upcoming_sessions: coach.upcoming,
      })),
      ...pageEnvelope(page, settled.total),
    });
  },
});
