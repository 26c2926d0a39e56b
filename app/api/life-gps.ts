import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiPage } from "~/.server/api/paging.server";
import { apiAnswer, parseJsonBody } from "~/.server/api/respond.server";
import { pageEnvelope } from "~/.server/paging/paging.server";
import { lifeGpsBody, lifeGpsJson, SPACE_API_PAGE_SIZE } from "~/.server/space/contract.server";
import { lifeGpsPage, ratingsFrom, saveLifeGps } from "~/.server/space/life-gps.server";

/** GET /api/life_gps?page=&limit= — the member's fillings, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await apiMember(request);
  const requested = await apiPage(request, SPACE_API_PAGE_SIZE);
  const { items, page } = await lifeGpsPage(member.id, requested, { settle: false });
  return apiAnswer({ entries: items.map(lifeGpsJson), ...pageEnvelope(requested, page.total) });
}

/** POST /api/life_gps — `{<area>_score: 0–10, <area>_note?}` for every life area. */
export async function action({ request }: ActionFunctionArgs) {
  const { member } = await apiMember(request);
  const body = await parseJsonBody(request, lifeGpsBody, { ns: "space" });
  return apiAnswer({ entry: lifeGpsJson(await saveLifeGps(member.id, ratingsFrom(body))) }, 201);
}
