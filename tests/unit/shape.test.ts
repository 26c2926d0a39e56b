import { describe, expect, it } from "vitest";
import { folderPairs, httpWords, isRouteModule, lineCount, upwardImports } from "../shape/shape";

describe("the shape check (npm run lint)", () => {
  it("names two app/.server folders that import each other", () => {
    const imports = [
      { from: "app/.server/team/crew.server.ts", to: "app/.server/accounts/members.server.ts" },
      { from: "app/.server/accounts/registration.server.ts", to: "app/.server/team/invitations.server.ts" },
      { from: "app/.server/team/crew.server.ts", to: "app/.server/db/client.server.ts" },
    ];
    expect(folderPairs(imports).map((pair) => [pair.a, pair.b])).toEqual([["accounts", "team"]]);
  });

  it("counts as running back up every import on a cycle of folders, and none on a chain", () => {
    const chain = [
      { from: "app/.server/space/goals.server.ts", to: "app/.server/db/client.server.ts" },
      { from: "app/.server/api/router.server.ts", to: "app/.server/space/goals.server.ts" },
    ];
    expect(upwardImports(chain)).toEqual([]);
    const cycle = [...chain, { from: "app/.server/db/client.server.ts", to: "app/.server/api/paging.server.ts" }];
    expect(upwardImports(cycle)).toHaveLength(3);
  });

  it("finds a domain that takes a Request, reads FormData, builds a Response or imports Remix", () => {
    const source = [
      'import { json } from "@remix-run/node";',
      "// A Request in a comment is no breach.",
      "export async function save(request: Request) {",
      "  const form: FormData = await request.formData();",
      "  return new Response(String(form.get('x')));",
      "}",
    ].join("\n");
    expect(httpWords("app/.server/space/goals.server.ts", source).sort()).toEqual(
      ["@remix-run/node", "FormData", "Request", "Response"].sort(),
    );
    expect(httpWords("app/.server/http/form-reply.server.ts", source)).toEqual([]);
    expect(httpWords("app/.server/space/goals.server.ts", "// Request, FormData\nexport const a = 1;\n")).toEqual([]);
  });

  it("knows a route module from a page's pieces and counts its lines", () => {
    expect(isRouteModule("app/routes/_default.my_team.add.tsx")).toBe(true);
    expect(isRouteModule("app/routes/_default.profile/route.tsx")).toBe(true);
    expect(isRouteModule("app/routes/_default.profile/sections.tsx")).toBe(false);
    expect(lineCount("a\nb\n")).toBe(2);
    expect(lineCount("a\nb")).toBe(2);
  });
});
