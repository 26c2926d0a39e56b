import { describe, expect, it } from "vitest";
import { COURIER_KEY_HEADER } from "~/.server/accounts/courier.server";
import { mailsTo } from "../support/accounts";
import { answerOf, buildRequest } from "../support/http";
import { oryPass } from "../support/ory-identity";
import { endpointAt } from "../support/endpoints";

const action = endpointAt("/api/hooks/ory/courier").action;

/**
 * /api/hooks/ory/courier: Kratos's courier (HTTP delivery) hands Cap the identity mails. Open only
 * while the Ory adapter runs (the Ory pass), and only to the courier's key.
 */
const FLOW = "5b0e7a7e-9f3a-4b8e-8a55-2f0c7c1d9e10";
const IDENTITY = "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0";

function post(body: unknown, key: string | null = process.env.ORY_COURIER_KEY ?? null) {
  const headers: Record<string, string> = {};
  if (key !== null) headers[COURIER_KEY_HEADER] = key;
  return answerOf(
    action({
      request: buildRequest("/api/hooks/ory/courier", { method: "POST", headers, json: body }),
      params: {},
      context: {},
    }),
  );
}

const verification = {
  recipient: "marie@example.com",
  template_type: "verification_code_valid",
  template_data: {
    to: "marie@example.com",
    verification_code: "482913",
    verification_url: `https://kratos.example/self-service/verification?code=482913&flow=${FLOW}`,
    identity: { id: IDENTITY, traits: { email: "marie@example.com" } },
    transient_payload: { lang: "en", firstname: "Marie" },
  },
};

if (oryPass()) {
  describe("the courier webhook (Ory adapter)", () => {
    it("queues Cap's own verification mail, in the flow's language, with the one-click link", async () => {
      expect((await post(verification)).status).toBe(204);
      const [mail] = await mailsTo("marie@example.com");
      expect(mail.subject).toMatch(/verify|confirm/i);
      expect(mail.text).toContain("\n482913\n");
      expect(mail.text).toContain(`/account_verification?code_id=${FLOW}&token=482913`);
    });

    it("mails a message delivered twice once (the courier retries when our answer is lost)", async () => {
      await post(verification);
      await post(verification);
      expect(await mailsTo("marie@example.com")).toHaveLength(1);
    });

    it("links a recovery code to the flow the adapter named in the transient payload", async () => {
      const recovery = {
        recipient: "marie@example.com",
        template_type: "recovery_code_valid",
        template_data: { recovery_code: "120045", transient_payload: { lang: "fr", flow_id: FLOW } },
      };
      expect((await post(recovery)).status).toBe(204);
      const [mail] = await mailsTo("marie@example.com");
      expect(mail.text).toContain(`/home/new-password-${FLOW}`);
    });

    it("refuses a wrong or missing key and a malformed message, mailing nothing", async () => {
      expect((await post(verification, "not-the-courier-key")).status).toBe(401);
      expect((await post(verification, null)).status).toBe(401);
      const broken = { ...verification, template_data: { ...verification.template_data, verification_code: "12ab" } };
      expect((await post(broken)).status).toBe(422);
      expect(await mailsTo("marie@example.com")).toEqual([]);
    });

    it("accepts and drops the templates Cap does not send", async () => {
      expect((await post({ recipient: "x@example.com", template_type: "recovery_code_invalid" })).status).toBe(204);
      expect(await mailsTo("x@example.com")).toEqual([]);
    });
  });
} else {
  describe("the courier webhook (embedded store)", () => {
    it("is closed: identities are not in Kratos, so nobody may queue mail through it", async () => {
      expect((await post(verification, "k".repeat(32))).status).toBe(401);
      expect(await mailsTo("marie@example.com")).toEqual([]);
    });
  });
}
