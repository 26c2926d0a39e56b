import { describe, expect, it } from "vitest";
import { RECOVERY_MAILS_PER_15_MINUTES, requestRecovery } from "~/.server/accounts/recovery.server";
import { MAX_RESENDS } from "~/.server/accounts/verification.server";
import { mailQuotaKey } from "~/.server/rate-limit/mail-quota-key.server";
import { action } from "~/routes/_home.account_verification";
import { mailsTo, registerMember } from "../support/accounts";
import { buildRequest, callWith, statusOf } from "../support/http";

/**
 * Issue 25 item 3: mail quotas hold under races — 30 "resend the code" at once send 3 mails, not
 * 30 — and around their edges (sub-addresses and case variants are one address).
 */
describe("the verification resend quota under a race", () => {
  it("30 resends at once send exactly 3 codes and refuse the 27 others with 429", async () => {
    const member = await registerMember({ email: "race@example.com" });
    const before = (await mailsTo(member.email)).length;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        callWith(action, buildRequest("/account_verification", { form: { intent: "resend" }, cookie: member.cookie })),
      ),
    );
    const statuses = answers.map(statusOf);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_RESENDS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - MAX_RESENDS);
    expect((await mailsTo(member.email)).length - before).toBe(MAX_RESENDS);
  });
});

describe("mail quotas count an inbox, however its address is spelled", () => {
  it("folds case and sub-addresses into one key", () => {
    expect(mailQuotaKey(" Marie+Cap@Example.COM ")).toBe("marie@example.com");
    expect(mailQuotaKey("marie+a+b@example.com")).toBe("marie@example.com");
    expect(mailQuotaKey("marie@example.com")).toBe("marie@example.com");
    // Not an address to fold: kept as typed (lowercased), never emptied.
    expect(mailQuotaKey("+x@example.com")).toBe("+x@example.com");
    expect(mailQuotaKey("no-at-sign")).toBe("no-at-sign");
  });

  it("recovery codes to sub-addresses and case variants of one address share its 3 in 15 minutes", async () => {
    await registerMember({ email: "inbox@example.com" });
    const variants = ["Inbox+1@example.com", "inbox+2@EXAMPLE.com", "INBOX@example.com", "inbox+3@example.com"];
    const outcomes = [];
    // From different client addresses, so that only the address's own quota can refuse.
    for (const [i, email] of variants.entries())
      outcomes.push(await requestRecovery(email, "fr", { ip: `192.0.2.${i + 1}` }));
    expect(outcomes.slice(0, RECOVERY_MAILS_PER_15_MINUTES).every((outcome) => outcome.ok)).toBe(true);
    expect(outcomes[RECOVERY_MAILS_PER_15_MINUTES]).toEqual({ ok: false, error: "tooManyResends" });
  });
});
