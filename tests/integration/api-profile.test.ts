import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { login } from "~/.server/accounts/login.server";
import { whoami } from "~/.server/accounts/members.server";
import { db } from "~/.server/db/client.server";
import { appUsers, identities } from "~/.server/db/schema.server";
import { codeIn, lastMailTo, otherCode, PASSWORD, registerMember, verifiedMember } from "../support/accounts";
import { checkedJson } from "../support/openapi";
import { endpointAt } from "../support/endpoints";
import { callApi, type RouteFunction } from "../support/http";

const deleteApi = endpointAt("/api/profile/delete").action;
const emailCancelApi = endpointAt("/api/profile/email/cancel").action;
const emailConfirmApi = endpointAt("/api/profile/email/confirm").action;
const emailApi = endpointAt("/api/profile/email").action;
const updateApi = endpointAt("/api/profile").action;
const profileApi = endpointAt("/api/profile").loader;
const passwordApi = endpointAt("/api/profile/password").action;

const send = (
  fn: RouteFunction,
  path: string,
  token: string | null,
  json?: unknown,
  headers: Record<string, string> = {},
) => callApi(fn, path, token, { json, headers });

describe("profile API", () => {
  it("reads and updates only the bearer's own profile; a field left out keeps its value", async () => {
    const alice = await verifiedMember({ email: "alice@example.com" });
    const bob = await verifiedMember({ email: "bob@example.com" });
    const read = await checkedJson(await send(profileApi, "/api/profile", alice.token), "/api/profile", "get");
    expect(read.profile).toMatchObject({ firstname: "Marie", email: "alice@example.com", pending_email: null });

    const updated = await send(updateApi, "/api/profile", alice.token, {
      firstname: "Alice",
      level_of_study: "doctorate",
      mobile: "+33 612345678",
      id: bob.memberId,
    });
    expect(updated.status).toBe(200);
    expect((await checkedJson(updated, "/api/profile", "post")).profile).toMatchObject({
      firstname: "Alice",
      lastname: "Curie",
      level_of_study: "doctorate",
      mobile: "+33 612345678",
    });
    expect(
      (await checkedJson(await send(profileApi, "/api/profile", bob.token), "/api/profile", "get")).profile.firstname,
    ).toBe("Marie");

    const cleared = await checkedJson(
      await send(updateApi, "/api/profile", alice.token, { mobile: null, role: null }),
      "/api/profile",
      "post",
    );
    expect(cleared.profile).toMatchObject({ firstname: "Alice", mobile: null, level_of_study: "doctorate" });
  });

  it("answers 422 with translated messages by field, and 401/403 without a verified session", async () => {
    const member = await verifiedMember();
    const refused = await send(
      updateApi,
      "/api/profile",
      member.token,
      { firstname: "", birth_date: "2020-01-01", level_of_study: "astronaut" },
      { "Accept-Language": "en" },
    );
    expect(refused.status).toBe(422);
    const body = await checkedJson(refused, "/api/profile", "post");
    expect(body.errors.level_of_study).toEqual(["Pick a level of study from the list."]);
    expect(body.errors.birth_date).toEqual(["You must be at least 13 years old."]);
    expect(
      (await checkedJson(await send(profileApi, "/api/profile", member.token), "/api/profile", "get")).profile
        .firstname,
    ).toBe("Marie");

    await checkedJson(await send(profileApi, "/api/profile", null), "/api/profile", "get");
    const unverified = await registerMember({ email: "new@example.com" });
    const forbidden = await send(updateApi, "/api/profile", unverified.token, { firstname: "X" });
    expect(forbidden.status).toBe(403);
    await checkedJson(forbidden, "/api/profile", "post");
  });

  it("changes the email through the code sent to the new address", async () => {
    const member = await verifiedMember();
    await verifiedMember({ email: "taken@example.com" });
    const taken = await send(emailApi, "/api/profile/email", member.token, {
      email: "taken@example.com",
      current_password: PASSWORD,
    });
    expect(taken.status).toBe(409);
    await checkedJson(taken, "/api/profile/email", "post");
    // A session alone is not enough: the current password is asked for.
    const noPassword = await send(emailApi, "/api/profile/email", member.token, {
      email: "fresh@example.com",
      current_password: "nope-nope",
    });
    expect(noPassword.status).toBe(422);
    expect((await checkedJson(noPassword, "/api/profile/email", "post")).errors.current_password).toEqual([
      "Ce mot de passe n’est pas le bon.",
    ]);
    const other = await login(member.email, PASSWORD, { ip: "203.0.113.1", userAgent: null });
    if (!other.ok) throw new Error("second login refused");

    const asked = await send(emailApi, "/api/profile/email", member.token, {
      email: "fresh@example.com",
      current_password: PASSWORD,
    });
    expect(asked.status).toBe(202);
    expect((await checkedJson(asked, "/api/profile/email", "post")).profile).toMatchObject({
      email: member.email,
      pending_email: "fresh@example.com",
    });
    const code = codeIn(await lastMailTo("fresh@example.com"));

    const wrong = await send(emailConfirmApi, "/api/profile/email/confirm", member.token, { code: otherCode(code) });
    expect(wrong.status).toBe(422);
    await checkedJson(wrong, "/api/profile/email/confirm", "post");

    const confirmed = await send(emailConfirmApi, "/api/profile/email/confirm", member.token, { code });
    expect((await checkedJson(confirmed, "/api/profile/email/confirm", "post")).profile).toMatchObject({
      email: "fresh@example.com",
      pending_email: null,
    });
    // Every other device signs in again; this one stays.
    expect(await whoami(other.token)).toBeNull();
    expect(await whoami(member.token)).not.toBeNull();
  });

  it("withdraws a pending email change", async () => {
    const member = await verifiedMember();
    await send(emailApi, "/api/profile/email", member.token, {
      email: "fresh@example.com",
      current_password: PASSWORD,
    });
    const cancelled = await send(emailCancelApi, "/api/profile/email/cancel", member.token, {});
    expect(cancelled.status).toBe(200);
    expect((await checkedJson(cancelled, "/api/profile/email/cancel", "post")).profile).toMatchObject({
      email: member.email,
      pending_email: null,
    });
    const code = codeIn(await lastMailTo("fresh@example.com"));
    const late = await send(emailConfirmApi, "/api/profile/email/confirm", member.token, { code });
    expect(late.status).toBe(422);
    await checkedJson(late, "/api/profile/email/confirm", "post");
    await checkedJson(
      await send(emailCancelApi, "/api/profile/email/cancel", null, {}),
      "/api/profile/email/cancel",
      "post",
    );
  });

  it("changes the password with the current one and ends the other sessions", async () => {
    const member = await verifiedMember();
    const other = await login(member.email, PASSWORD, { ip: "203.0.113.1", userAgent: null });
    if (!other.ok) throw new Error("second login refused");
    const wrong = await send(passwordApi, "/api/profile/password", member.token, {
      current_password: "nope-nope",
      password: "Nouveau-cap-1",
    });
    expect(wrong.status).toBe(422);
    expect((await checkedJson(wrong, "/api/profile/password", "post")).errors.current_password).toEqual([
      "Ce mot de passe n’est pas le bon.",
    ]);
    const done = await send(passwordApi, "/api/profile/password", member.token, {
      current_password: PASSWORD,
      password: "Nouveau-cap-1",
    });
    expect(await checkedJson(done, "/api/profile/password", "post")).toEqual({ success: true });
    expect(await whoami(other.token)).toBeNull();
    expect(await whoami(member.token)).not.toBeNull();
  });

  it("deletes the account once confirmed; the token then answers 401", async () => {
    const member = await verifiedMember();
    const wrong = await send(deleteApi, "/api/profile/delete", member.token, {
      email: member.email,
      current_password: "nope-nope",
    });
    expect(wrong.status).toBe(422);
    await checkedJson(wrong, "/api/profile/delete", "post");
    const done = await send(deleteApi, "/api/profile/delete", member.token, {
      email: member.email,
      current_password: PASSWORD,
    });
    expect(await checkedJson(done, "/api/profile/delete", "post")).toEqual({ success: true });
    expect(await db().select().from(identities).where(eq(identities.id, member.identityId))).toEqual([]);
    expect(await db().select().from(appUsers).where(eq(appUsers.id, member.memberId))).toEqual([]);
    expect((await send(profileApi, "/api/profile", member.token)).status).toBe(401);
  });
});
