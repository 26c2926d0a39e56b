import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * deploy/prometheus: the alerting rules pass Debian's promtool (tests/run.sh installs it), their
 * unit tests show each alert quiet and firing, and every metric they read is one Cap exports.
 */
const folder = path.resolve("deploy/prometheus");
const promtool = (...args: string[]) => execFileSync("promtool", args, { cwd: folder, encoding: "utf8" });

/** Every `name: "cap_…"` metric registered under app/.server. */
function exportedMetrics(dir = path.resolve("app/.server")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return exportedMetrics(full);
    if (!entry.name.endsWith(".ts")) return [];
    return [...readFileSync(full, "utf8").matchAll(/name: "(cap_[a-z_]+)"/g)].map((match) => match[1]);
  });
}

describe("Prometheus rules (deploy/prometheus)", () => {
  it("are valid, and their unit tests pass: each alert quiet, then firing", () => {
    expect(promtool("check", "rules", "cap-rules.yml")).toContain("SUCCESS: 6 rules found");
    expect(promtool("test", "rules", "cap-rules.test.yml")).toContain("SUCCESS");
    expect(promtool("check", "config", "prometheus.yml")).toContain("is valid prometheus config file syntax");
  });

  it("read only metrics Cap exports", () => {
    const rules = readFileSync(path.join(folder, "cap-rules.yml"), "utf8");
    const read = new Set(
      [...rules.matchAll(/\bcap_[a-z_]+\b/g)].map(([name]) => name.replace(/_(bucket|sum|count)$/, "")),
    );
    expect(read.size).toBeGreaterThanOrEqual(3);
    const exported = new Set(exportedMetrics());
    expect([...read].filter((name) => !exported.has(name))).toEqual([]);
  });
});
