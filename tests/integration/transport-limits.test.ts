import http from "node:http";
import net from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenOfNewMember, verifyOn } from "../support/server-members";
import { startServer, type ServerProcess } from "../support/server-process";

/**
 * Issue 11, items 4, 6 and 10, at the door of the built server: bodies are bounded before they
 * are read, requests no route can parse are refused with a 4xx, and cross-site writes are refused.
 */
let server: ServerProcess;
let port: number;

beforeAll(async () => {
  server = await startServer({});
  port = Number(new URL(server.url).port);
}, 90_000);

afterAll(async () => {
  await server?.stop();
}, 30_000);

/** A raw request, so that the target, Host and body framing are exactly the test's. */
function raw(options: {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  chunks?: number;
}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: options.path ?? "/home",
        headers: options.headers,
        setHost: !options.headers?.Host,
      },
      (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, body }));
      },
    );
    request.on("error", reject);
    if (options.chunks) {
      // A chunked body with no Content-Length: 8 KB at a time.
      const chunk = Buffer.alloc(8 * 1024, "a");
      let sent = 0;
      const write = () => {
        while (sent < options.chunks!) {
          sent++;
          if (!request.write(chunk)) return void request.once("drain", write);
        }
        request.end();
      };
      request.on("error", () => undefined);
      write();
    } else request.end(options.body);
  });
}

const form = { "Content-Type": "application/x-www-form-urlencoded" };

describe("the door of the built server", () => {
  it("answers 413 to a body over 64 KB, sent with a Content-Length or chunked, in the caller's language", async () => {
    const declared = await raw({
      method: "POST",
      path: "/home/login",
      headers: { ...form, "Accept-Language": "en" },
      body: "a".repeat(200_000),
    });
    expect(declared).toEqual({ status: 413, body: "This upload is too large (64 KB at most)." });
    const chunked = await raw({
      method: "POST",
      path: "/api/dashboard/login",
      headers: { "Content-Type": "application/json" },
      chunks: 40,
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toEqual({ errors: { base: ["Cet envoi est trop volumineux (64 Ko au plus)."] } });
  });

  /**
   * Sends a head announcing `size` bytes, then the body as fast as the server takes it, and notes
   * how the connection ends: the server closing it (FIN) after its answer, a reset, or neither.
   */
  function keepSending(path: string, headers: Record<string, string>, size: number) {
    return new Promise<{ answer: string; closed: "fin" | "reset" | "open"; sent: number }>((resolve) => {
      const socket = net.connect({ host: "127.0.0.1", port, allowHalfOpen: true });
      const chunk = Buffer.alloc(64 * 1024, "a");
      let answer = "";
      let sent = 0;
      let done = false;
      const finish = (closed: "fin" | "reset" | "open") => {
        if (done) return;
        done = true;
        clearTimeout(waiting);
        socket.destroy();
        resolve({ answer, closed, sent });
      };
      const write = () => {
        while (!done && sent < size) {
          sent += chunk.length;
          if (!socket.write(chunk)) return void socket.once("drain", write);
        }
      };
      const lines = Object.entries({ Host: `127.0.0.1:${port}`, ...headers, "Content-Length": String(size) });
      socket.write(`POST ${path} HTTP/1.1\r\n${lines.map(([name, value]) => `${name}: ${value}\r\n`).join("")}\r\n`);
      write();
      socket.on("data", (data) => (answer += data));
      socket.on("end", () => finish("fin"));
      socket.on("error", () => finish("reset"));
      const waiting = setTimeout(() => finish("open"), 10_000);
    });
  }

  it("reads nothing of a refused large body: it answers, then closes the connection while the client still sends", async () => {
    const size = 64 * 1024 * 1024;
    const refused = await keepSending("/home/login", { ...form, "Accept-Language": "en" }, size);
    expect(refused.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(refused.answer).toContain("This upload is too large (64 KB at most).");
    expect(refused.closed).toBe("fin");
    expect(refused.sent).toBeLessThan(size / 2);
    // A photo's upload without a session: its route answers from the head, and the body is not read either.
    const guarded = await keepSending(
      "/profile/photo",
      { "Content-Type": "multipart/form-data; boundary=x" },
      8_000_000,
    );
    expect(guarded.answer).toMatch(/^HTTP\/1\.1 302 /);
    expect(guarded.closed).toBe("fin");
  }, 30_000);

  it("refuses methods, targets and host headers no route can parse (405, 400), never a 500", async () => {
    expect((await raw({ method: "TRACE" })).status).toBe(405);
    expect((await raw({ path: "//[" })).status).toBe(400);
    expect((await raw({ path: "http://elsewhere.example/" })).status).toBe(400);
    expect((await raw({ headers: { Host: "a b" } })).status).toBe(400);
    expect((await raw({ headers: { "X-Forwarded-Host": "[x" } })).status).toBe(400);
    expect((await raw({ headers: { "X-Forwarded-Proto": "gopher" } })).status).toBe(400);
    expect((await raw({})).status).toBe(200);
  });

  it("answers a page action a body it cannot read with 415 or 400, not 500", async () => {
    expect(
      (await raw({ method: "POST", path: "/home/login", headers: { "Content-Type": "text/plain" }, body: "x" })).status,
    ).toBe(415);
    expect((await raw({ method: "POST", path: "/home/login" })).status).toBe(415);
    const garbage = await raw({
      method: "POST",
      path: "/home/login",
      headers: { "Content-Type": "multipart/form-data; boundary=zz" },
      body: "garbage",
    });
    expect(garbage.status).toBe(400);
  });

  it("refuses NUL in a form, a JSON body or a query value (PostgreSQL cannot store it) with a 400", async () => {
    const form = await raw({
      method: "POST",
      path: "/home/login",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=a%00%40b.fr&password=x",
    });
    expect(form.status).toBe(400);
    const json = await raw({
      method: "POST",
      path: "/api/dashboard/login",
      headers: { "Content-Type": "application/json" },
      body: '{"email":"a\\u0000@b.fr","password":"x"}',
    });
    expect(json.status).toBe(400);
    expect((await raw({ path: "/home?x=%00" })).status).toBe(400);
  });

  it("refuses a page action, the language switch or logout posted from another site or a null origin (403)", async () => {
    for (const origin of ["https://evil.example", "null", "not a url"]) {
      for (const path of ["/home/login", "/language", "/logout"]) {
        const answer = await raw({
          method: "POST",
          path,
          headers: { ...form, Origin: origin },
          body: "email=a%40b.fr&password=x",
        });
        expect(answer.status, `${path} from ${origin}`).toBe(403);
      }
    }
    const own = await raw({
      method: "POST",
      path: "/language",
      headers: { ...form, Origin: server.url },
      body: "lng=en",
    });
    expect(own.status).toBe(303);
  });

  it("takes only JSON on the API, and a cookie-authenticated API write only from our own origin", async () => {
    const textPlain = await raw({
      method: "POST",
      path: "/api/profile",
      headers: { "Content-Type": "text/plain" },
      body: '{"firstname":"X"}',
    });
    expect(textPlain.status).toBe(415);
    const cookieNoOrigin = await raw({
      method: "POST",
      path: "/api/profile",
      headers: { "Content-Type": "application/json", Cookie: "token=abc" },
      body: "{}",
    });
    expect(cookieNoOrigin.status).toBe(403);
    const cookieForeign = await raw({
      method: "POST",
      path: "/api/profile",
      headers: { "Content-Type": "application/json", Cookie: "token=abc", Origin: "https://evil.example" },
      body: "{}",
    });
    expect(cookieForeign.status).toBe(403);
    // A bearer token is not sent by a browser on its own: no Origin needed (401 here: the token is unknown).
    const bearer = await raw({
      method: "POST",
      path: "/api/profile",
      headers: { "Content-Type": "application/json", Authorization: "Bearer nope" },
      body: "{}",
    });
    expect(bearer.status).toBe(401);
  });

  it("does not believe X-Forwarded-For without TRUST_PROXY: spraying 31 emails under 31 forged addresses meets the per-address limit", async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 31; attempt++) {
      const answer = await raw({
        method: "POST",
        path: "/api/dashboard/login",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `203.0.113.${attempt}` },
        body: JSON.stringify({ email: `someone${attempt}@example.com`, password: "guess-password" }),
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  }, 60_000);
});

describe("an 8 MB photo upload at the door of the built server (issue 25 item 2)", () => {
  /**
   * Sends the head of an 8 MB upload and its first 64 KB only, then waits: the answer must come
   * while the rest is still unsent, i.e. before the door read the body.
   */
  function firstBytesOnly(path: string, headers: Record<string, string>) {
    const size = 8 * 1024 * 1024 - 4096;
    return new Promise<{ status: number; location?: string }>((resolve, reject) => {
      const request = http.request(
        { host: "127.0.0.1", port, method: "POST", path, headers: { ...headers, "Content-Length": String(size) } },
        (response) => {
          response.resume();
          resolve({ status: response.statusCode!, location: response.headers.location });
          request.destroy();
        },
      );
      request.on("error", () => undefined);
      request.write(Buffer.alloc(64 * 1024, 1));
      setTimeout(() => reject(new Error(`no answer before the body was sent (${path})`)), 5_000);
    });
  }

  it("answers one without a session at once, as its route does, before the body is sent", async () => {
    const page = await firstBytesOnly("/profile/photo", { "Content-Type": "multipart/form-data; boundary=x" });
    expect(page).toEqual({ status: 302, location: "/home/login?redirect_after=%2Fprofile%2Fphoto" });
    const api = await firstBytesOnly("/api/profile/photo", {});
    expect(api.status).toBe(401);
    const coach = await firstBytesOnly("/coach/profile", { "Content-Type": "multipart/form-data; boundary=x" });
    expect(coach.status).toBe(302);
  });

  it("reads a verified member's uploads once admitted: four at once are all saved, none left waiting on the other door", async () => {
    const email = "porte-photo@example.com";
    const token = await tokenOfNewMember(server.url, {
      firstname: "Porte",
      lastname: "Photo",
      email,
      password: "Boussole-2024",
    });
    await verifyOn(server, email, `token=${token}`);
    // A photo larger than a form's 64 KB, so that the door asks who sends it.
    const noise = Buffer.alloc(400 * 400 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) & 255;
    const jpeg = await sharp(noise, { raw: { width: 400, height: 400, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(jpeg.length).toBeGreaterThan(64 * 1024);
    const started = Date.now();
    const statuses = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const answer = await fetch(`${server.url}/api/profile/photo`, {
          method: "POST",
          headers: { Authorization: `Bearer ${token}` },
          body: jpeg,
        });
        return answer.status;
      }),
    );
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 30_000);
});
