import { describe, expect, it } from "vitest";
import { whoami } from "~/.server/accounts/members.server";
import ProfilePage, { action, loader } from "~/routes/_default.profile/route";
import { mailsTo, PASSWORD, renderPage, type TestMember, verifiedMember } from "../support/accounts";
import { answerOf, buildRequest, callWith, dataOf, statusOf } from "../support/http";
import { checkedJson } from "../support/openapi";
import { endpointAt } from "../support/endpoints";

const emailApi = endpointAt("/api/profile/email").action;

/**
 * Issue 11, item 9: a stolen session cannot move the account to another address. The current
 * password is asked for, and guessing it through the email form meets the same limit as the
 * password form (5 wrong in 15 minutes, counted per account).
 */
type Reply = { error?: Record<string, string[] | null> };

const askPage = (member: TestMember, currentPassword: string) =>
  callWith(
    action,
    buildRequest("/profile", {
      form: { intent: "email", email: "thief@example.com", currentPassword },
      cookie: member.cookie,
    }),
  );

const askApi = async (member: TestMember, current_password: string) =>
  await answerOf(
    emailApi({
      request: buildRequest("/api/profile/email?locale=en", {
        json: { email: "thief@example.com", current_password },
        headers: { Authorization: `Bearer ${member.token}` },
      }),
      params: {},
      context: {},
    }),
  );

describe("email change asks for the current password", () => {
  it("page: the field is on the form; a wrong password is said in the member's language and sends nothing", async () => {
    const member = await verifiedMember();
    const loaderData = await dataOf<object>(
      await callWith(loader, buildRequest("/profile", { cookie: member.cookie })),
    );
    const form = await renderPage(ProfilePage, { path: "/profile", lang: "en", loaderData });
    expect(form).toMatch(/<label[^>]*for="email-currentPassword"[^>]*>Current password</);
    expect(form).toMatch(/<input id="email-currentPassword" name="currentPassword"[^>]*type="password"/);

    const refused = await askPage(member, "not-the-password");
    expect(statusOf(refused)).toBe(422);
    const page = await renderPage(ProfilePage, {
      path: "/profile",
      lang: "en",
      loaderData,
      actionData: await dataOf<object>(refused),
    });
    expect(page).toContain("This password is not the right one.");
    expect(await mailsTo("thief@example.com")).toHaveLength(0);
  });

  it("guessing it through the email form stops after 5 wrong passwords, page and API alike, even the right one then", async () => {
    const member = await verifiedMember();
    for (let attempt = 1; attempt <= 3; attempt++)
      expect(statusOf(await askPage(member, `guess-${attempt}-password`))).toBe(422);
    for (let attempt = 4; attempt <= 5; attempt++)
      expect((await askApi(member, `guess-${attempt}-password`)).status).toBe(422);

    const page = await askPage(member, PASSWORD);
    expect(statusOf(page)).toBe(429);
    expect((await dataOf<Reply>(page)).error?.currentPassword).toEqual(["profile:errors.tooManyAttempts"]);
    const api = await askApi(member, PASSWORD);
    expect(api.status).toBe(429);
    expect((await checkedJson(api, "/api/profile/email", "post")).errors.base).toEqual([
      "Too many attempts. Wait 15 minutes before trying again.",
    ]);

    expect(await mailsTo("thief@example.com")).toHaveLength(0);
    expect((await whoami(member.token))!.identity.traits.email).toBe(member.email);
  });
});
