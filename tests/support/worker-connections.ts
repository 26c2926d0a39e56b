import { once } from "node:events";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import http from "node:http";
import net from "node:net";

/**
 * Requests to one chosen worker of a server started with WEB_CONCURRENCY > 1 (Linux only). The
 * workers share the port: the primary hands each new connection to one of them. A connection is
 * opened, the worker that holds its socket is read from /proc (the TCP table gives the socket's
 * inode, /proc/<pid>/fd who has it), and it is kept if it is the wanted worker, dropped otherwise.
 * No app code is involved: the request log does not say which process answered.
 */

/** The inode of the established TCP socket whose own port is `localPort` and peer's `remotePort`. */
function socketInode(localPort: number, remotePort: number): string | undefined {
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode …
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== "01") continue;
      const port = (address: string) => Number.parseInt(address.slice(address.lastIndexOf(":") + 1), 16);
      if (port(fields[1]) === localPort && port(fields[2]) === remotePort && fields[9] !== "0") return fields[9];
    }
  }
  return undefined;
}

/**
 * Which of `pids` holds the TCP socket with own port `localPort` and peer port `remotePort`:
 * the server side of a connection to the app, or a worker's side of its connection to a server
 * the test runs (the fake SMTP server).
 */
export function socketHolder(pids: number[], localPort: number, remotePort: number): number | undefined {
  const inode = socketInode(localPort, remotePort);
  if (!inode) return undefined;
  const wanted = `socket:[${inode}]`;
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === wanted) return pid;
      } catch {
        // The descriptor closed while we looked.
      }
    }
  }
  return undefined;
}

async function poll<T>(read: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** An open connection to the app, held by worker `pid`. */
export async function connectionTo(url: string, pids: number[], pid: number, timeoutMs = 20_000): Promise<net.Socket> {
  const port = Number(new URL(url).port);
  const deadline = Date.now() + timeoutMs;
  for (let tries = 1; ; tries++) {
    const socket = net.connect(port, new URL(url).hostname);
    await once(socket, "connect");
    const holder = await poll(
      () => socketHolder(pids, port, socket.localPort!),
      Math.max(deadline - Date.now(), 1_000),
      "a worker to take the connection",
    ).catch((error) => {
      socket.destroy();
      throw error;
    });
    if (holder === pid) return socket;
    socket.destroy();
    if (Date.now() > deadline) throw new Error(`no connection reached worker ${pid} in ${tries} tries`);
  }
}

export type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string; json<T = unknown>(): T };

/** `form`: an HTML form's post (urlencoded), as a page's <Form method="post"> sends it. */
export type RequestInit = {
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
};

/** Sends one request over `socket` (then closed) and reads the whole answer. */
export async function requestOver(
  socket: net.Socket,
  url: string,
  path: string,
  init: RequestInit = {},
): Promise<Answer> {
  const { hostname, port } = new URL(url);
  const body =
    init.form !== undefined
      ? new URLSearchParams(init.form).toString()
      : init.json === undefined
        ? undefined
        : JSON.stringify(init.json);
  const headers: Record<string, string> = { Connection: "close", ...init.headers };
  if (body !== undefined) {
    headers["Content-Type"] = init.form !== undefined ? "application/x-www-form-urlencoded" : "application/json";
    headers["Content-Length"] = String(Buffer.byteLength(body));
  }
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        path,
        method: init.method ?? (body === undefined ? "GET" : "POST"),
        headers,
        createConnection: () => socket,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json: () => JSON.parse(text) });
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** One request answered by worker `pid` of the server at `url` (its workers: `pids`). */
export async function requestTo(
  url: string,
  pids: number[],
  pid: number,
  path: string,
  init: RequestInit = {},
): Promise<Answer> {
  return requestOver(await connectionTo(url, pids, pid), url, path, init);
}
