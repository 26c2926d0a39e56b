import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { stylesheetText } from "~/.server/http/stylesheet.server";

describe("stylesheetText", () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), "cap-stylesheet-"));
    mkdirSync(path.join(root, "public", "build", "_assets"), { recursive: true });
    writeFileSync(path.join(root, "public", "build", "_assets", "site-A1.css"), "body{color:#123}");
    writeFileSync(path.join(root, "public", "build", "_assets", "odd-B2.css"), 'a::after{content:"</style><script>"}');
    writeFileSync(path.join(root, "public", "secret.css"), "not a build asset");
    vi.spyOn(process, "cwd").mockReturnValue(root);
  });
  afterAll(() => {
    vi.restoreAllMocks();
    rmSync(root, { recursive: true, force: true });
  });

  it("reads a built stylesheet's text, then keeps it", () => {
    expect(stylesheetText("/build/_assets/site-A1.css")).toBe("body{color:#123}");
    writeFileSync(path.join(root, "public", "build", "_assets", "site-A1.css"), "changed");
    // Fingerprinted files never change: read once.
    expect(stylesheetText("/build/_assets/site-A1.css")).toBe("body{color:#123}");
  });

  it("gives nothing to write inline for what is not a readable build stylesheet", () => {
    expect(stylesheetText("/build/_assets/missing-C3.css")).toBeNull();
    expect(stylesheetText("/secret.css")).toBeNull();
    expect(stylesheetText("/build/../secret.css")).toBeNull();
    expect(stylesheetText("/build/_assets/site-A1.js")).toBeNull();
  });

  it("gives nothing for a stylesheet whose text would end the <style> element", () => {
    expect(stylesheetText("/build/_assets/odd-B2.css")).toBeNull();
  });
});
