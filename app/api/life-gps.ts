import { defineEndpoint, operation } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { lifeGpsAnswer, lifeGpsBody, lifeGpsEntryAnswer, lifeGpsJson } from "~/.server/space/contract.server";
import { lifeGpsPage, ratingsFrom, saveLifeGps } from "~/.server/space/life-gps.server";
import { spaceList } from "~/.server/api/space-list.server";

export const endpoint = defineEndpoint("/api/life_gps", {
  get: spaceList("entries", lifeGpsPage, lifeGpsJson, {
    summary: "The member's life-GPS fillings, newest first, a page at a time",
    ok: { status: 200, schema: lifeGpsAnswer, description: "A page of fillings" },
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
