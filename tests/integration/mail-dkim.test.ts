import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "~/.server/config/env.server";
import { db } from "~/.server/db/client.server";
import { queueMail } from "~/.server/mail/outbox.server";
import { deliverDueMail, smtpTransport } from "~/.server/mail/sender.server";
import { verificationMail } from "~/.server/mail/templates.server";
import { mailRendering } from "~/.server/runtime/mail-rendering.server";
import { startSmtp } from "../support/smtp";

const dir = mkdtempSync(path.join(os.tmpdir(), "cap-dkim-"));
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const keyFile = path.join(dir, "dkim.pem");
writeFileSync(keyFile, privateKey.export({ type: "pkcs8", format: "pem" }));
/** The TXT record an operator publishes at <selector>._domainkey.<domain> (docs/operations.md). */
const record = `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}`;
const resolver = async (name: string) => {
  if (name !== "cap2026._domainkey.coaching.example")
    throw Object.assign(new Error("no such record"), { code: "ENOTFOUND" });
  return [[record]];
};

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe("DKIM signing (DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE)", () => {
  it("signs every message with MAIL_FROM's domain, and a receiver's check passes", async () => {
    const config = parseEnv({
      DATA_DIR: dir,
      MAIL_FROM: "Cap <bonjour@coaching.example>",
      DKIM_SELECTOR: "cap2026",
      DKIM_PRIVATE_KEY_FILE: keyFile,
    });
    expect(config.DKIM?.domainName).toBe("coaching.example");
    const smtp = await startSmtp();
    servers.push(smtp);
    await queueMail(
      db(),
      verificationMail("fr", "marie@example.com", { firstname: "Marie", code: "482913", link: "/x" }),
    );

    await deliverDueMail(mailRendering, { transport: smtpTransport(`smtp://127.0.0.1:${smtp.port}`, config.DKIM) });

    const [message] = smtp.received;
    expect(message.raw).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256;/m);
    const checked = await dkimVerify(message.raw, { resolver });
    expect(checked.results.map((result) => [result.signingDomain, result.selector, result.status.result])).toEqual([
      ["coaching.example", "cap2026", "pass"],
    ]);
    // The same check fails on a message changed on the way: the signature covers the body.
    const altered = message.raw.replace("482913", "482914");
    expect((await dkimVerify(altered, { resolver })).results[0].status.result).not.toBe("pass");
  });

  it("stops the start on half a setting or a key that is not one", () => {
    expect(() => parseEnv({ DATA_DIR: dir, DKIM_SELECTOR: "cap2026" })).toThrow(ConfigError);
    expect(() => parseEnv({ DATA_DIR: dir, DKIM_PRIVATE_KEY_FILE: keyFile })).toThrow(/DKIM_SELECTOR/);
    const notAKey = path.join(dir, "not-a-key.pem");
    writeFileSync(notAKey, "bonjour");
    expect(() => parseEnv({ DATA_DIR: dir, DKIM_SELECTOR: "cap2026", DKIM_PRIVATE_KEY_FILE: notAKey })).toThrow(
      /a readable PEM private key/,
    );
    expect(
      parseEnv({
        DATA_DIR: dir,
        DKIM_SELECTOR: "s1",
        DKIM_PRIVATE_KEY_FILE: keyFile,
        DKIM_DOMAIN: "mail.coaching.example",
      }).DKIM?.domainName,
    ).toBe("mail.coaching.example");
    expect(parseEnv({ DATA_DIR: dir }).DKIM).toBeUndefined();
  });
});
