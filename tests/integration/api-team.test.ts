import { describe, expect, it } from "vitest";
import { lastMailTo, linkIn, verifiedMember } from "../support/accounts";
import { aDayLater } from "../support/crew-mail";
import { checkedJson } from "../support/openapi";
import { endpointAt } from "../support/endpoints";
import { callApi } from "../support/http";

const teamList = endpointAt("/api/team").loader;
const teamAdd = endpointAt("/api/team").action;
const crewGet = endpointAt("/api/team/:id").loader;
const crewEdit = endpointAt("/api/team/:id").action;
const crewRemove = endpointAt("/api/team/:id/remove").action;
const invitationList = endpointAt("/api/invitations").loader;
/** The endpoint of an invitation intent: /api/invitations/:id/resend, …/revoke, …/accept, …/decline. */
const invitationAct = (intent: string) => endpointAt(`/api/invitations/:id/${intent}`).action;
const registerApi = endpointAt("/api/dashboard/register").action;
const surveyList = endpointAt("/api/surveys").loader;
const surveyCreate = endpointAt("/api/surveys").action;
const surveyClose = endpointAt("/api/surveys/:id/close").action;

describe("team API", () => {
  it("adds, lists, edits and removes crew members; bad bodies answer 422 with team messages", async () => {
    const member = await verifiedMember();
    const added = await callApi(teamAdd, "/api/team", member.token, {
      json: { name: "Paul", email: "paul@example.com", relation: "friend" },
    });
    expect(added.status).toBe(201);
    const { crew } = await checkedJson(added, "/api/team", "post");
    expect(crew).toMatchObject({ name: "Paul", status: "invited" });
    expect(linkIn(await lastMailTo("paul@example.com"), "/home/register")).toBe(
      `/home/register?invited_id=${crew.invitationId}`,
    );

    const twice = await callApi(teamAdd, "/api/team", member.token, {
      json: { name: "Paul", email: "paul@example.com", relation: "friend" },
    });
    expect(twice.status).toBe(409);
    await checkedJson(twice, "/api/team", "post");

    const bad = await callApi(teamAdd, "/api/team", member.token, {
      json: { name: "", email: "nope", relation: "pirate" },
    });
    expect(bad.status).toBe(422);
    const errors = (await checkedJson(bad, "/api/team", "post")).errors;
    expect(errors.email).toEqual(["Adresse e-mail invalide"]);
    expect(errors.relation).toEqual(["Choisissez une relation dans la liste."]);

    const notJson = await callApi(teamAdd, "/api/team", member.token, { method: "POST" });
    expect(notJson.status).toBe(400);
    await checkedJson(notJson, "/api/team", "post");

    const list = await checkedJson(await callApi(teamList, "/api/team", member.token), "/api/team", "get");
    expect(list.crew).toHaveLength(1);

    const params = { id: crew.id };
    const got = await callApi(crewGet, `/api/team/${crew.id}`, member.token, { params });
    expect((await checkedJson(got, "/api/team/{id}", "get")).crew.id).toBe(crew.id);
    const edited = await callApi(crewEdit, `/api/team/${crew.id}`, member.token, {
      params,
      json: { name: "Paulo", relation: "coach" },
    });
    expect((await checkedJson(edited, "/api/team/{id}", "post")).crew).toMatchObject({
      name: "Paulo",
      relation: "coach",
      email: "paul@example.com",
    });
    const refused = await callApi(crewEdit, `/api/team/${crew.id}`, member.token, {
      params,
      json: { name: "", relation: "coach" },
    });
    expect(refused.status).toBe(422);
    await checkedJson(refused, "/api/team/{id}", "post");

    const removed = await callApi(crewRemove, `/api/team/${crew.id}/remove`, member.token, { params, method: "POST" });
    expect(await checkedJson(removed, "/api/team/{id}/remove", "post")).toEqual({ success: true });
    expect((await checkedJson(await callApi(teamList, "/api/team", member.token), "/api/team", "get")).crew).toEqual(
      [],
    );

    const anonymous = await callApi(teamList, "/api/team", null);
    expect(anonymous.status).toBe(401);
    await checkedJson(anonymous, "/api/team", "get");
  });

  it("answers 404 for another member's crew and invitations", async () => {
    const owner = await verifiedMember();
    const { crew } = await (
      await callApi(teamAdd, "/api/team", owner.token, {
        json: { name: "Paul", email: "paul@example.com", relation: "friend" },
      })
    ).json();
    const other = await verifiedMember({ email: "other@example.com" });
    const params = { id: crew.id };

    for (const [fn, path, method, options] of [
      [crewGet, "/api/team/{id}", "get", {}],
      [crewEdit, "/api/team/{id}", "post", { json: { name: "X", relation: "friend" } }],
      [crewRemove, "/api/team/{id}/remove", "post", { method: "POST" }],
    ] as const) {
      const answer = await callApi(fn, `/api/team/${crew.id}`, other.token, { params, ...options });
      expect(answer.status, path).toBe(404);
      await checkedJson(answer, path, method);
    }
    for (const action of ["resend", "revoke", "accept", "decline"]) {
      const answer = await callApi(
        invitationAct(action),
        `/api/invitations/${crew.invitationId}/${action}`,
        other.token,
        {
          params: { id: crew.invitationId },
          method: "POST",
        },
      );
      expect(answer.status, action).toBe(404);
      await checkedJson(answer, `/api/invitations/{id}/${action}`, "post");
    }
    expect(
      (await checkedJson(await callApi(teamList, "/api/team", owner.token), "/api/team", "get")).crew[0].name,
    ).toBe("Paul");
  });

  it("lists, resends (rate-limited), revokes and accepts invitations", async () => {
    const inviter = await verifiedMember();
    const { crew } = await (
      await callApi(teamAdd, "/api/team", inviter.token, {
        json: { name: "Paul", email: "paul@example.com", relation: "friend" },
      })
    ).json();
    const act = (token: string, action: string) =>
      callApi(invitationAct(action), `/api/invitations/${crew.invitationId}/${action}`, token, {
        params: { id: crew.invitationId },
        method: "POST",
      });

    const tooSoon = await act(inviter.token, "resend");
    expect(tooSoon.status).toBe(429);
    await checkedJson(tooSoon, "/api/invitations/{id}/resend", "post");
    await aDayLater(crew.invitationId);
    expect(await checkedJson(await act(inviter.token, "resend"), "/api/invitations/{id}/resend", "post")).toEqual({
      success: true,
    });

    const paul = await verifiedMember({ email: "paul@example.com" });
    const lists = await checkedJson(
      await callApi(invitationList, "/api/invitations", paul.token),
      "/api/invitations",
      "get",
    );
    expect(lists.received).toEqual([
      expect.objectContaining({ id: crew.invitationId, status: "pending", inviterName: "Marie Curie" }),
    ]);
    expect(await checkedJson(await act(paul.token, "accept"), "/api/invitations/{id}/accept", "post")).toEqual({
      success: true,
    });
    const again = await act(inviter.token, "revoke");
    expect(again.status).toBe(409);
    await checkedJson(again, "/api/invitations/{id}/revoke", "post");
    const sent = await checkedJson(
      await callApi(invitationList, "/api/invitations", inviter.token),
      "/api/invitations",
      "get",
    );
    expect(sent.sent[0]).toMatchObject({ status: "accepted", canResend: false });
  });

  it("creates a survey of 3 to 5 questions sent to crew members, and lists it", async () => {
    const member = await verifiedMember();
    const ids: string[] = [];
    for (const name of ["paul", "lina", "sami"]) {
      const { crew } = await (
        await callApi(teamAdd, "/api/team", member.token, {
          json: { name, email: `${name}@example.com`, relation: "friend" },
        })
      ).json();
      ids.push(crew.id);
    }
    const refused = await callApi(surveyCreate, "/api/surveys", member.token, {
      json: { title: "360", questions: ["A", "B"], crew: ids },
    });
    expect(refused.status).toBe(422);
    expect((await checkedJson(refused, "/api/surveys", "post")).errors.questions).toEqual([
      "Écrivez entre 3 et 5 questions.",
    ]);

    const created = await callApi(surveyCreate, "/api/surveys", member.token, {
      json: { title: "360", questions: ["A ?", "B ?", "C ?"], crew: ids },
    });
    expect(created.status).toBe(201);
    expect((await checkedJson(created, "/api/surveys", "post")).survey).toMatchObject({
      sent: 3,
      answered: 0,
      results: null,
    });
    const listed = await checkedJson(await callApi(surveyList, "/api/surveys", member.token), "/api/surveys", "get");
    expect(listed.surveys).toHaveLength(1);

    const id = listed.surveys[0].id;
    const stranger = await verifiedMember({ email: "stranger@example.com" });
    const notTheirs = await callApi(surveyClose, `/api/surveys/${id}/close`, stranger.token, {
      method: "POST",
      params: { id },
    });
    expect(notTheirs.status).toBe(404);
    await checkedJson(notTheirs, "/api/surveys/{id}/close", "post");
    const closed = await callApi(surveyClose, `/api/surveys/${id}/close`, member.token, {
      method: "POST",
      params: { id },
    });
    // Closed with no answer: final, and no results to show.
    expect((await checkedJson(closed, "/api/surveys/{id}/close", "post")).survey).toMatchObject({
      closed: true,
      answered: 0,
      results: null,
    });
  });

  it("registering through POST /api/dashboard/register?invited_id=<invitation id> shows the crew member as joined", async () => {
    const inviter = await verifiedMember();
    const { crew } = await (
      await callApi(teamAdd, "/api/team", inviter.token, {
        json: { name: "Ana", email: "ana@example.com", relation: "friend" },
      })
    ).json();
    const user = {
      firstname: "Ana",
      lastname: "Barros",
      birth_date: "1992-04-03",
      email: "ana@example.com",
      password: "Boussole-2024",
    };
    const registered = await callApi(registerApi, `/api/dashboard/register?invited_id=${crew.invitationId}`, null, {
      json: { user },
    });
    expect(registered.status).toBe(201);
    const list = await checkedJson(await callApi(teamList, "/api/team", inviter.token), "/api/team", "get");
    expect(list.crew[0]).toMatchObject({ name: "Ana", status: "joined" });
  });
});
