import { defineEndpoint, operation } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { pageEnvelope } from "~/.server/paging/paging.server";
import {
  lifeGpsAnswer,
  lifeGpsBody,
  lifeGpsEntryAnswer,
  lifeGpsJson,
  SPACE_API_PAGE_SIZE,
  spaceListQuery,
} from "~/.server/space/contract.server";
import { lifeGpsPage, ratingsFrom, saveLifeGps } from "~/.server/space/life-gps.server";

export const endpoint = defineEndpoint("/api/life_gps", {
  get: operation({
    summary: "The member's life-GPS fillings, newest first, a page at a time",
    page: SPACE_API_PAGE_SIZE,
    query: spaceListQuery,
    ok: { status: 200, schema: lifeGpsAnswer, description: "A page of fillings" },
    async handler({ signedIn: { member }, page }) {
      const { items, page: settled } = await lifeGpsPage(member.id, page, { settle: false });
      return apiAnswer({ entries: items.map(lifeGpsJson), ...pageEnvelope(page, settled.total) });
    },
  }),
  post: operation({
    summary: "Fill the life GPS: every area rated 0–10 (<area>_score), with an optional note (<area>_note)",
    body: lifeGpsBody,
    bodyNamespace: "space",
    ok: { status: 201, schema: lifeGpsEntryAnswer, description: "Saved" },
    async handler({ signedIn: { member }, body }) {
      const entry = await saveLifeGps(member.id, ratingsFrom(await body()));
      return apiAnswer({ entry: lifeGpsJson(entry) }, 201);
    },
  }),
});
