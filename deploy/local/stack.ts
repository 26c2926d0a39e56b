/**
 * The deployment recipe run on one machine, from the recipe's own files: nginx with
 * deploy/nginx/cap.conf.template (a throw-away certificate, TLS and HTTP/2), PgBouncer with
 * deploy/pgbouncer/pgbouncer.ini in transaction mode, and two Cap instances started as
 * deploy/systemd/cap@.service says (its Environment= and ExecStart= lines, %i the port), on
 * loopback ports. tests/integration/deploy.test.ts drives it; `npx tsx deploy/local/stack.ts`
 * starts it by hand against PostgreSQL on 127.0.0.1:5432 until Ctrl-C.
 * It needs Debian's nginx and pgbouncer (tests/run.sh installs them when missing) and a build.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const DEPLOY = fileURLToPath(new URL("..", import.meta.url));
const ROOT = path.resolve(DEPLOY, "..");

export type Instance = { port: number; url: string; logs: string[]; start(): Promise<void>; stop(): Promise<void> };
export type Stack = {
  /** nginx's TLS address: what a member's browser opens. */
  url: string;
  /** The throw-away certificate nginx presents (PEM), for a client to trust. */
  certificate: string;
  httpsPort: number;
  httpPort: number;
  instances: [Instance, Instance];
  stop(): Promise<void>;
};

/** `${NAME}` filled in from `values`; a name left without a value is an error, not an empty string. */
export function fillIn(template: string, values: Record<string, string | number>): string {
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`the template names \${${name}} and nothing fills it in`);
    return String(values[name]);
  });
}

/** The unit's Environment= settings and ExecStart= command, %i being the instance's port. */
export function unitCommand(unit: string, instance: number): { env: Record<string, string>; command: string[] } {
  const env: Record<string, string> = {};
  let command: string[] = [];
  for (const line of unit.split("\n")) {
    const [key, ...rest] = line.split("=");
    const value = rest.join("=").replaceAll("%i", String(instance));
    if (key === "Environment") {
      const [name, ...setting] = value.split("=");
      env[name] = setting.join("=");
    } else if (key === "ExecStart") command = value.split(" ");
  }
  return { env, command };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}

/** As root, nginx's workers and PgBouncer run as these (PgBouncer refuses root). */
const asRoot = process.getuid?.() === 0;

export async function startStack(options: {
  /** PostgreSQL, reached straight: host, port, user (trust or a password in the URL). */
  postgres: URL;
  database: string;
  env?: Record<string, string>;
}): Promise<Stack> {
  const work = mkdtempSync(path.join(os.tmpdir(), "cap-stack-"));
  // nginx's workers and PgBouncer write here under their own users.
  chmodSync(work, 0o777);
  const children: ChildProcess[] = [];
  const [httpsPort, httpPort, bouncerPort, port1, port2] = await Promise.all([1, 2, 3, 4, 5].map(freePort));
  try {
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost"],
        ...["-keyout", path.join(work, "key.pem"), "-out", path.join(work, "cert.pem")],
      ],
      { stdio: "ignore" },
    );

    writeFileSync(path.join(work, "userlist.txt"), `"${options.postgres.username || "postgres"}" ""\n`);
    writeFileSync(
      path.join(work, "pgbouncer.ini"),
      fillIn(readFileSync(path.join(DEPLOY, "pgbouncer/pgbouncer.ini"), "utf8"), {
        DATABASE: options.database,
        PG_HOST: options.postgres.hostname,
        PG_PORT: options.postgres.port || 5432,
        PGBOUNCER_PORT: bouncerPort,
        AUTH_TYPE: "trust",
        AUTH_FILE: path.join(work, "userlist.txt"),
        LOG_FILE: path.join(work, "pgbouncer.log"),
        PID_FILE: path.join(work, "pgbouncer.pid"),
        ADMIN_USER: options.postgres.username || "postgres",
      }),
    );
    const bouncer = spawn("pgbouncer", [...(asRoot ? ["-u", "postgres"] : []), path.join(work, "pgbouncer.ini")], {
      stdio: "ignore",
    });
    children.push(bouncer);

    writeFileSync(
      path.join(work, "cap.conf"),
      fillIn(readFileSync(path.join(DEPLOY, "nginx/cap.conf.template"), "utf8"), {
        CAP_INSTANCE_1: `127.0.0.1:${port1}`,
        CAP_INSTANCE_2: `127.0.0.1:${port2}`,
        HTTP_PORT: httpPort,
        HTTPS_PORT: httpsPort,
        SERVER_NAME: "localhost",
        TLS_CERTIFICATE: path.join(work, "cert.pem"),
        TLS_CERTIFICATE_KEY: path.join(work, "key.pem"),
        CAP_ROOT: ROOT,
      }),
    );
    const temp = (name: string) => {
      mkdirSync(path.join(work, name), { mode: 0o777 });
      chmodSync(path.join(work, name), 0o777);
      return path.join(work, name);
    };
    writeFileSync(
      path.join(work, "nginx.conf"),
      [
        asRoot ? "user www-data www-data;" : "",
        "worker_processes 1;",
        "daemon off;",
        `pid ${path.join(work, "nginx.pid")};`,
        `error_log ${path.join(work, "nginx-error.log")} warn;`,
        "events { worker_connections 1024; }",
        "http {",
        "  include /etc/nginx/mime.types;",
        `  access_log ${path.join(work, "nginx-access.log")};`,
        ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `  ${kind}_temp_path ${temp(kind)};`),
        `  include ${path.join(work, "cap.conf")};`,
        "}",
      ].join("\n"),
    );
    children.push(
      spawn("nginx", ["-e", path.join(work, "nginx-error.log"), "-c", path.join(work, "nginx.conf")], {
        stdio: "ignore",
      }),
    );

    const bouncerUrl = new URL(options.postgres);
    bouncerUrl.host = `127.0.0.1:${bouncerPort}`;
    bouncerUrl.pathname = `/${options.database}`;
    const directUrl = new URL(options.postgres);
    directUrl.pathname = `/${options.database}`;
    const unit = readFileSync(path.join(DEPLOY, "systemd/cap@.service"), "utf8");
    const url = `https://localhost:${httpsPort}`;
    const shared = {
      PATH: process.env.PATH ?? "",
      APP_URL: url,
      DATABASE_URL: bouncerUrl.toString(),
      DATABASE_DIRECT_URL: directUrl.toString(),
      SESSION_SECRET: "cap-stack-session-secret-0123456789abcdef",
      WEB_CONCURRENCY: "1",
      ...options.env,
    };
    const instance = (port: number): Instance => {
      let child: ChildProcess | undefined;
      const logs: string[] = [];
      const { env, command } = unitCommand(unit, port);
      return {
        port,
        url: `http://127.0.0.1:${port}`,
        logs,
        async start() {
          const started = spawn(command[0] === "/usr/bin/node" ? process.execPath : command[0], command.slice(1), {
            cwd: ROOT,
            env: { NODE_ENV: "production", ...env, ...shared, DATA_DIR: path.join(work, "data") },
            stdio: ["ignore", "pipe", "pipe"],
          });
          child = started;
          const collect = (chunk: Buffer) => logs.push(...chunk.toString().split("\n").filter(Boolean));
          started.stdout.on("data", collect);
          started.stderr.on("data", collect);
          await until(
            async () => {
              if (started.exitCode !== null) return true;
              return (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200;
            },
            90_000,
            `instance ${port}`,
          );
          if (started.exitCode !== null) throw new Error(`instance ${port} exited:\n${logs.join("\n")}`);
        },
        stop: () => stopChild(child),
      };
    };
    const instances: [Instance, Instance] = [instance(port1), instance(port2)];
    await until(
      async () => (await fetch(`http://127.0.0.1:${httpPort}/`, { redirect: "manual" })).status === 301,
      15_000,
      "nginx",
    );
    // One after the other: the second finds the migrations done.
    for (const one of instances) await one.start();
    return {
      url,
      certificate: readFileSync(path.join(work, "cert.pem"), "utf8"),
      httpsPort,
      httpPort,
      instances,
      async stop() {
        await Promise.all(instances.map((one) => one.stop()));
        await Promise.all(children.map((child) => stopChild(child)));
        rmSync(work, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all(children.map((child) => stopChild(child)));
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const postgres = new URL(process.env.POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  const database = process.env.CAP_DATABASE ?? "cap_stack";
  const stack = await startStack({ postgres, database, env: { DEV_MAILBOX: "1" } });
  console.log(`Cap behind nginx: ${stack.url} (instances on ${stack.instances.map((one) => one.port).join(", ")})`);
  const stop = () => void stack.stop().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
