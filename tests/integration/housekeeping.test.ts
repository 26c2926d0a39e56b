import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { identityFlows, mailOutbox, rateLimitEvents } from "~/.server/db/schema.server";
import { queueMail } from "~/.server/mail/outbox.server";
import { verificationMail } from "~/.server/mail/templates.server";
import { keepHouse } from "~/.server/runtime/housekeeping.server";

const eqId = (id: string) => eq(mailOutbox.id, id);

/** Issue 11, item 12: rate-limit events and delivered emails (codes, links) do not pile up for ever. */
describe("housekeeping", () => {
  it("forgets rate-limit events older than two days and delivered emails older than a day; keeps the rest", async () => {
    const now = new Date();
    const ago = (hours: number) => new Date(now.getTime() - hours * 3600_000);
    await db()
      .insert(rateLimitEvents)
      .values([
        { bucket: "login-pair", key: "old", createdAt: ago(49) },
        { bucket: "login-pair", key: "recent", createdAt: ago(23) },
      ]);
    const vars = { firstname: "Marie", code: "482913", link: "/account_verification?token=abc" };
    const oldSent = await queueMail(db(), verificationMail("fr", "old@example.com", vars));
    const newSent = await queueMail(db(), verificationMail("fr", "new@example.com", vars));
    const pending = await queueMail(db(), verificationMail("fr", "pending@example.com", vars));
    await db()
      .update(mailOutbox)
      .set({ status: "sent", sentAt: ago(25) })
      .where(eqId(oldSent));
    await db()
      .update(mailOutbox)
      .set({ status: "sent", sentAt: ago(1) })
      .where(eqId(newSent));
    await db()
      .update(mailOutbox)
      .set({ createdAt: ago(48) })
      .where(eqId(pending));

    await keepHouse(now);

    expect((await db().select().from(rateLimitEvents)).map((event) => event.key)).toEqual(["recent"]);
    expect((await db().select().from(mailOutbox)).map((mail) => mail.id).sort()).toEqual([newSent, pending].sort());
  });

  it("forgets the records of Kratos flows a day old (they expired in Kratos after 15 minutes)", async () => {
    const now = new Date();
    const ago = (hours: number) => new Date(now.getTime() - hours * 3600_000);
    const old = "0b9d2f4e-1c3a-4e5b-8f6a-7d8c9e0f1a2b";
    const open = "1c0e3a5f-2d4b-4f6c-9a7b-8e9d0f1a2b3c";
    await db()
      .insert(identityFlows)
      .values([
        { flowId: old, kind: "recovery", address: "a@example.com", createdAt: ago(25) },
        { flowId: open, kind: "verification", address: "b@example.com", createdAt: ago(0.1) },
      ]);
    await keepHouse(now);
    expect((await db().select().from(identityFlows)).map((flow) => flow.flowId)).toEqual([open]);
  });
});
