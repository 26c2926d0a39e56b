import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/**
 * A catch-all SMTP server for the browser tests: the app under test gets SMTP_URL pointing here
 * and sends its real emails; each one lands as a JSON file (envelope recipients + raw message) in
 * `dir`, where the tests read it with `waitForMail`.
 */
export function startMailCatcher(dir: string, port: number): void {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        const file = path.join(dir, `${Date.now()}-${process.pid}-${++count}.json`);
        // Written aside, then renamed: a reader (another process) never sees a half-written file.
        writeFileSync(`${file}.part`, JSON.stringify({ to, raw: Buffer.concat(chunks).toString("utf8") }));
        renameSync(`${file}.part`, file);
        callback();
      });
    },
  });
  server.on("error", (error) => console.error(`[e2e mail catcher] ${error.message}`));
  server.listen(port, "127.0.0.1");
  // The runner exits when the tests are done, whatever this server is doing.
  (server as unknown as { server: { unref(): void } }).server.unref();
}

/** A caught email: its text, and the first text/calendar part (an .ics) decoded, with its Content-Type. */
export type CaughtMail = {
  to: string[];
  subject: string;
  text: string;
  calendar: { contentType: string; text: string } | null;
};

/** The mail folder the config made for this run. */
export function mailDir(): string {
  const dir = process.env.CAP_E2E_MAIL_DIR;
  if (!dir) throw new Error("CAP_E2E_MAIL_DIR is not set: run the browser tests through playwright.config.ts");
  return dir;
}

/** Waits for the first message to `address` whose subject matches, and returns it decoded. */
export async function waitForMail(address: string, subject: RegExp, timeoutMs = 20_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  const wanted = address.toLowerCase();
  for (;;) {
    for (const name of readdirSync(mailDir()).sort()) {
      if (!name.endsWith(".json")) continue;
      const stored = JSON.parse(readFileSync(path.join(mailDir(), name), "utf8")) as { to: string[]; raw: string };
      if (!stored.to.includes(wanted)) continue;
      const mail = decode(stored.to, stored.raw);
      if (subject.test(mail.subject)) return mail;
    }
    if (Date.now() > deadline)
      throw new Error(`No email to ${address} with a subject matching ${subject} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/* A small MIME reader: enough for nodemailer's output (multipart, quoted-printable, base64). */

function decode(to: string[], raw: string): CaughtMail {
  const { headers, body } = splitMessage(raw);
  return {
    to,
    subject: decodeWords(headers.get("subject") ?? ""),
    text: textOf(headers, body),
    calendar: calendarOf(headers, body),
  };
}

function splitMessage(raw: string) {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function textOf(headers: Map<string, string>, body: string): string {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith("--"));
    const texts = parts.map((part) => {
      const inner = splitMessage(part.replace(/^\r?\n/, ""));
      return textOf(inner.headers, inner.body);
    });
    return texts.filter(Boolean).join("\n");
  }
  if (!/^text\/plain/i.test(type)) return "";
  return decodeBody(headers, body);
}

/** The first text/calendar part, wherever it sits in the multipart tree. */
function calendarOf(headers: Map<string, string>, body: string): CaughtMail["calendar"] {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith("--")) continue;
      const inner = splitMessage(part.replace(/^\r?\n/, ""));
      const found = calendarOf(inner.headers, inner.body);
      if (found) return found;
    }
    return null;
  }
  return /^text\/calendar/i.test(type) ? { contentType: type, text: decodeBody(headers, body) } : null;
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get("content-transfer-encoding") ?? "").toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return quotedPrintable(body);
  return body;
}

function quotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === "=" ? /^[0-9A-F]{2}/i.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as in a French subject line. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_match, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : quotedPrintable(text.replace(/_/g, " ")),
    );
}
