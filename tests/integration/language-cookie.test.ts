import { describe, expect, it } from "vitest";
import { env } from "~/.server/config/env.server";
import { action as languageAction } from "~/routes/language";
import { setCookie } from "../support/accounts";
import { buildRequest, callWith } from "../support/http";

/** Issue 25 item 8: the `lng` cookie is Secure on https, like the token cookie; not on http. */
async function chosen(appUrl: string): Promise<string | undefined> {
  const config = env();
  const before = config.APP_URL;
  config.APP_URL = appUrl;
  try {
    const answer = await callWith(languageAction, buildRequest("/language", { form: { lng: "en", redirectTo: "/" } }));
    return setCookie(answer, "lng");
  } finally {
    config.APP_URL = before;
  }
}

describe("the language cookie", () => {
  it("is Secure when Cap is served over https", async () => {
    const header = await chosen("https://cap.example.com");
    expect(header).toMatch(/^lng=/);
    expect(header).toMatch(/;\s*Secure/i);
    expect(header).toMatch(/HttpOnly/i);
  });

  it("is not Secure over plain http (a browser would drop it)", async () => {
    const header = await chosen("http://localhost:3000");
    expect(header).toMatch(/^lng=/);
    expect(header).not.toMatch(/;\s*Secure/i);
  });
});
