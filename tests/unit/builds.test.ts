import { describe, expect, it } from "vitest";
import { ruleRedirect } from "~/.server/builds/builds.server";
import { routeRules } from "~/.server/builds/route-rules.server";
import { isExternal, ruleTarget } from "~/builds/route-rules";
import { RELOAD_WINDOW_MS, versionStep } from "~/builds/version-check";

describe("route rules", () => {
  const rules = { "/old": "/new", "/help": "https://help.cap.example/fr", "/with-query": "/target?from=rule" };

  it("redirect a path they name, with or without a trailing slash, and carry the query", () => {
    expect(ruleTarget(rules, "/old")).toBe("/new");
    expect(ruleTarget(rules, "/old/")).toBe("/new");
    expect(ruleTarget(rules, "/old", "?invited_id=42")).toBe("/new?invited_id=42");
    expect(ruleTarget(rules, "/with-query", "?a=1")).toBe("/target?from=rule");
  });

  it("leave other paths alone, inherited object keys included", () => {
    expect(ruleTarget(rules, "/older")).toBeUndefined();
    expect(ruleTarget(rules, "/")).toBeUndefined();
    expect(ruleTarget(rules, "/constructor")).toBeUndefined();
  });

  it("tell an external target (a full page load) from an internal one (a client navigation)", () => {
    expect(isExternal(ruleTarget(rules, "/help")!)).toBe(true);
    expect(isExternal("//elsewhere.example/x")).toBe(true);
    expect(isExternal("/new")).toBe(false);
  });

  it("are enforced by the server from the declared file, or from rules given to it", () => {
    expect(ruleRedirect("/register?invited_id=abc")).toBe("/home/register?invited_id=abc");
    expect(ruleRedirect("/login")).toBe("/home/login");
    expect(ruleRedirect("/help?lang=fr", rules)).toBe("https://help.cap.example/fr?lang=fr");
    expect(ruleRedirect("/home/login")).toBeUndefined();
  });

  it("only send to paths of this site or to absolute URLs", () => {
    for (const target of Object.values(routeRules))
      expect((target.startsWith("/") && !target.startsWith("//")) || isExternal(target)).toBe(true);
  });
});

describe("version check on start-up", () => {
  const base = { current: "v2", stored: "v1", invited: false, returnedAt: null, now: 1_000_000 };

  it("does nothing when the stored version is the current one", () => {
    expect(versionStep({ ...base, stored: "v2" })).toBe("none");
  });

  it("clears caches and cookies on a first visit, without leaving the page", () => {
    expect(versionStep({ ...base, stored: null })).toBe("clear");
  });

  it("goes through /clear_cache.html when an older version was stored", () => {
    expect(versionStep(base)).toBe("clear-and-reload");
  });

  it("is skipped when an invitation is in the URL", () => {
    expect(versionStep({ ...base, invited: true })).toBe("none");
  });

  it("does not send the member round again within the reload window", () => {
    expect(versionStep({ ...base, returnedAt: base.now - RELOAD_WINDOW_MS + 1 })).toBe("clear");
    expect(versionStep({ ...base, returnedAt: base.now - RELOAD_WINDOW_MS })).toBe("clear-and-reload");
  });
});
