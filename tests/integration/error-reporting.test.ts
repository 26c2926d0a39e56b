import { randomUUID } from "node:crypto";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import * as Sentry from "@sentry/remix";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { handleError, instrumentBuild } from "~/.server/http/route-errors.server";
import { identifyMember, startErrorReporting, withRequestScope } from "~/.server/observability/error-reporting.server";
import { logger } from "~/.server/observability/logger.server";
import { loader as icsLoader } from "~/routes/_home.coach.agenda.$token_.sessions[.]ics";
import { startDsnHost } from "../support/dsn-host";

/**
 * Error reporting against a real endpoint: a local HTTP server stands for the DSN's host, and the
 * envelopes the SDK posts to it are read back.
 */
const received: { path: string; body: string }[] = [];
let dsnHost: Awaited<ReturnType<typeof startDsnHost>>;
let port: number;

beforeAll(async () => {
  dsnHost = await startDsnHost((envelope) => received.push(envelope));
  port = dsnHost.port;
});

afterAll(async () => {
  await Sentry.close(2_000);
  // The worker's other test files run without a reporting client.
  Sentry.getCurrentScope().setClient(undefined);
  await dsnHost.close();
});

// Made at run time: the SDK sends source lines around each frame, and this file's are among them.
const secret = { password: randomUUID(), cookie: randomUUID(), bearer: randomUUID(), queryToken: randomUUID() };

/** A build of one route whose loader, for a signed-in member, fails. */
function failingBuild(): ServerBuild {
  const loader = async () => {
    identifyMember("member-42");
    throw new Error(`Database unreachable while saving password=${secret.password}`);
  };
  const route = { id: "routes/_default.profile", path: "profile", module: { loader, default: () => null } };
  return { routes: { [route.id]: route } } as unknown as ServerBuild;
}

function failingRequest() {
  return new Request(`http://localhost:3000/profile?redirect_after=%2F&token=${secret.queryToken}`, {
    method: "GET",
    headers: {
      cookie: `token=${secret.cookie}; lng=fr`,
      authorization: `Bearer ${secret.bearer}`,
      "user-agent": "vitest",
    },
  });
}

/** Runs the instrumented loader the way server.ts does: in a request scope, then handleError. */
async function failInRequest(build: ServerBuild, requestId: string) {
  const request = failingRequest();
  const loader = build.routes["routes/_default.profile"].module.loader!;
  await new Promise<void>((resolve) =>
    withRequestScope(requestId, () => {
      void (async () => {
        try {
          await loader({ request, params: {}, context: { requestId } });
        } catch (error) {
          handleError(error, { request, params: {}, context: { requestId } });
        }
        resolve();
      })();
    }),
  );
}

async function eventsAfterFlush(): Promise<string[]> {
  await Sentry.flush(5_000);
  return received.map((envelope) => envelope.body).filter((body) => body.includes('"type":"event"'));
}

describe("error reporting", () => {
  it("sends nothing when no DSN is configured", async () => {
    expect(startErrorReporting({ APP_URL: "http://localhost:3000" })).toBe(false);
    expect(Sentry.getClient()).toBeUndefined();
    await failInRequest(failingBuild(), "req-no-dsn");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toEqual([]);
  });

  it("reports a loader error with its route, member and request id, scrubbed, in the configured environment", async () => {
    const started = startErrorReporting({
      SENTRY_DSN: `http://public@127.0.0.1:${port}/1`,
      SENTRY_ENVIRONMENT: "staging-test",
      APP_URL: "http://localhost:3000",
    });
    expect(started).toBe(true);

    await failInRequest(instrumentBuild(failingBuild()), "req-1234");
    const events = await eventsAfterFlush();

    // One event: handleError saw the same error the loader reported.
    expect(events).toHaveLength(1);
    expect(received.every((envelope) => envelope.path.startsWith("/api/1/envelope/"))).toBe(true);
    const envelope = events[0];
    const event = JSON.parse(envelope.split("\n").find((line) => line.includes('"exception"'))!);
    expect(event.environment).toBe("staging-test");
    expect(event.tags).toMatchObject({ route: "routes/_default.profile", kind: "loader", request_id: "req-1234" });
    expect(event.user).toEqual({ id: "member-42" });
    expect(event.exception.values[0].value).toContain("password=[Filtered]");
    expect(event.request.url).toContain("token=[Filtered]");
    expect(event.request.cookies).toBeUndefined();
    expect(event.request.data).toBeUndefined();
    for (const [name, value] of Object.entries(secret))
      expect(envelope, `the envelope leaks the ${name}`).not.toContain(value);
  });

  it("logs a POST to a page without an action (405) as a refused request, a warning, and reports nothing", async () => {
    const { before, warn, error } = await watchedReporting();
    try {
      const answer = await createRequestHandler(pageWithoutAction(), "production")(
        new Request("http://localhost:3000/trainings", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "intent=anything",
        }),
        { requestId: "req-405" },
      );
      expect(answer.status).toBe(405);
      expect(warn).toHaveBeenCalledWith({ requestId: "req-405", status: 405, method: "POST" }, "request refused");
      expect(error).not.toHaveBeenCalled();
      expect(await eventsAfterFlush()).toHaveLength(before);
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });
});

describe("404s thrown by resource routes (issue 25 item 8)", () => {
  it("a bad .ics address answers 404, logged as a refused request (a warning), and reports nothing", async () => {
    const { before, warn, error } = await watchedReporting();
    try {
      // Instrumented as server.ts serves it: the route's loader reports what it throws.
      const handle = createRequestHandler(instrumentBuild(icsFeedBuild()), "production");
      for (const token of ["not-a-token", "x".repeat(40), "%00", "%ZZ", "%E0%A4%A", "a%2Fb"]) {
        const requestId = `req-ics-${token.length}`;
        const answer = await handle(new Request(`http://localhost:3000/coach/agenda/${token}/sessions.ics`), {
          requestId,
        });
        expect(answer.status, token).toBe(404);
        expect(warn).toHaveBeenCalledWith({ requestId, status: 404, method: "GET" }, "request refused");
      }
      expect(error).not.toHaveBeenCalled();
      expect(await eventsAfterFlush()).toHaveLength(before);
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });
});

/**
 * Reporting on (to the local endpoint, if an earlier test has not started it), the events sent so
 * far counted, and the logger's warnings and errors watched: what a refused request must leave.
 */
async function watchedReporting() {
  if (!Sentry.getClient())
    startErrorReporting({ SENTRY_DSN: `http://public@127.0.0.1:${port}/1`, APP_URL: "http://localhost:3000" });
  const before = (await eventsAfterFlush()).length;
  return { before, warn: vi.spyOn(logger, "warn"), error: vi.spyOn(logger, "error") };
}

/** A root and the coach's calendar feed, a resource route (no component), with its real loader. */
function icsFeedBuild(): ServerBuild {
  const id = "routes/_home.coach.agenda.$token_.sessions[.]ics";
  const build = pageWithoutAction();
  const routes = {
    root: build.routes.root,
    [id]: { id, parentId: "root", path: "coach/agenda/:token/sessions.ics", module: { loader: icsLoader } },
  };
  const manifest = build.assets.routes.root;
  return {
    ...build,
    routes,
    assets: {
      ...build.assets,
      routes: {
        root: manifest,
        [id]: { ...manifest, id, parentId: "root", path: "coach/agenda/:token/sessions.ics", hasLoader: true },
      },
    },
  } as unknown as ServerBuild;
}

/** The smallest build Remix serves: a root and /trainings, a page with a loader and no action. */
function pageWithoutAction(): ServerBuild {
  const page = { loader: () => null, default: () => null };
  const routes = {
    root: { id: "root", path: "", module: { default: () => null } },
    "routes/trainings": { id: "routes/trainings", parentId: "root", path: "trainings", module: page },
  };
  const manifestRoute = (id: string, parentId?: string, path?: string) => ({
    id,
    parentId,
    path,
    module: `/build/${id}.js`,
    hasLoader: id !== "root",
    hasAction: false,
    hasClientLoader: false,
    hasClientAction: false,
    hasErrorBoundary: false,
  });
  return {
    routes,
    // The document itself is not the point: its status is.
    entry: { module: { default: (_: Request, status: number) => new Response("page", { status }), handleError } },
    assets: {
      version: "test",
      url: "/build/manifest.js",
      entry: { module: "/build/entry.js", imports: [] },
      routes: {
        root: manifestRoute("root", undefined, ""),
        "routes/trainings": manifestRoute("routes/trainings", "root", "trainings"),
      },
    },
    future: {},
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    mode: "production",
    isSpaMode: false,
  } as unknown as ServerBuild;
}
