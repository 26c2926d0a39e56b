import { describe, expect, it } from "vitest";
import { routeRules } from "~/.server/builds/route-rules.server";
import { setBuildVersion } from "~/.server/builds/build-version.server";
import { loader as latestLoader } from "~/routes/builds.latest[.]json";
import { loader as metaLoader } from "~/routes/builds.meta.$file";
import { buildRequest, call, dataOf, headerOf, statusOf } from "../support/http";
import { endpointAt } from "../support/endpoints";

const frontVersionLoader = endpointAt("/api/debug/data_page/front-version").loader;

describe("builds", () => {
  setBuildVersion("abc123");

  it("/builds/latest.json answers the build being served, never cached, the same id as the front version", async () => {
    const answer = await call(latestLoader, buildRequest("/builds/latest.json"));
    const latest = await dataOf<{ id: string; timestamp: number }>(answer);
    expect(latest.id).toBe("abc123");
    expect(Number.isInteger(latest.timestamp) && latest.timestamp > 0).toBe(true);
    expect(headerOf(answer, "Cache-Control")).toBe("no-store");
    expect(await dataOf(await call(frontVersionLoader, buildRequest("/api/debug/data_page/front-version")))).toBe(
      latest.id,
    );
  });

  it("/builds/meta/{buildId}.json answers that build's route rules, cacheable for good", async () => {
    const answer = await call(metaLoader, buildRequest("/builds/meta/abc123.json"), { file: "abc123.json" });
    expect(statusOf(answer)).toBe(200);
    expect(await dataOf(answer)).toMatchObject({ id: "abc123", routeRules });
    expect(headerOf(answer, "Cache-Control")).toContain("immutable");
  });

  it("/builds/meta of an unknown build or a file that is not JSON is a 404", async () => {
    for (const file of ["old999.json", "abc123", ".json"]) {
      const answer = await call(metaLoader, buildRequest(`/builds/meta/${file}`), { file });
      expect(statusOf(answer), file).toBe(404);
    }
  });
});
