import { describe, expect, it } from "vitest";
import { browserReporting, reportingOrigin } from "~/.server/observability/error-reporting.server";
import { reportingOptions, scrubEvent } from "~/observability/reporting-options";

describe("error-reporting settings (SPEC §9)", () => {
  const options = reportingOptions(
    { dsn: "https://key@reports.example/7", environment: "staging" },
    "https://cap.example",
  );

  it("sample every trace, one session in ten for replay, every session with an error", () => {
    expect(options).toMatchObject({
      tracesSampleRate: 1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
      environment: "staging",
      sendDefaultPii: false,
    });
  });

  it("propagate traces to localhost and to the API path of the app's host only", () => {
    const [local, api] = options.tracePropagationTargets as [string, RegExp];
    expect(local).toBe("localhost");
    expect(api.test("https://cap.example/api/dashboard/whoami")).toBe(true);
    expect(api.test("https://cap.example/home")).toBe(false);
    expect(api.test("https://cap.example.evil.test/api/x")).toBe(false);
  });

  it("are off without a DSN, and allow the DSN's origin only when there is one", () => {
    expect(browserReporting({})).toBeNull();
    expect(reportingOrigin({})).toBeUndefined();
    expect(browserReporting({ SENTRY_DSN: "https://key@reports.example/7", SENTRY_ENVIRONMENT: "prod" })).toEqual({
      dsn: "https://key@reports.example/7",
      environment: "prod",
    });
    expect(reportingOrigin({ SENTRY_DSN: "https://key@reports.example/7" })).toBe("https://reports.example");
  });
});

describe("scrubEvent", () => {
  it("drops form bodies and cookies and filters secrets at any depth", () => {
    const event = scrubEvent({
      message: "failed for /home/new-password-1?code=123456&lang=fr",
      request: {
        url: "https://cap.example/home/login?redirect_after=%2F&token=abc",
        data: "email=a%40b.c&password=Boussole-2024",
        cookies: { token: "abc" },
        headers: { Cookie: "token=abc", Authorization: "Bearer abc", "X-Session-Token": "abc", Accept: "text/html" },
        query_string: [
          ["token", "abc"],
          ["lang", "fr"],
        ],
      },
      extra: { form: { email: "a@b.c", password: "Boussole-2024", confirmPassword: "Boussole-2024" } },
      breadcrumbs: [{ category: "fetch", data: { url: "/api/recovery?token=abc", status_code: 200 } }],
      user: { id: "member-1" },
    });
    const text = JSON.stringify(event);
    expect(text).not.toContain('abc"');
    expect(text).not.toContain("Boussole-2024");
    expect(text).not.toContain("123456");
    expect(event.request).not.toHaveProperty("data");
    expect(event.request).not.toHaveProperty("cookies");
    expect(event.request.headers).toEqual({
      Cookie: "[Filtered]",
      Authorization: "[Filtered]",
      "X-Session-Token": "[Filtered]",
      Accept: "text/html",
    });
    expect(event.request.query_string).toEqual([
      ["token", "[Filtered]"],
      ["lang", "fr"],
    ]);
    expect(event.message).toBe("failed for /home/new-password-[code_id]?code=[Filtered]&lang=fr");
    expect(event.user).toEqual({ id: "member-1" });
    expect(event.breadcrumbs[0].data).toEqual({ url: "/api/recovery?token=[Filtered]", status_code: 200 });
  });

  it("keeps a failed query's SQL and drops its values (emails, names, comments)", () => {
    const message = 'Failed query: insert into "app_users" ("firstname") values ($1)\nparams: Marie,marie@example.com';
    const event = scrubEvent({
      exception: { values: [{ type: "Error", value: message, stacktrace: { frames: [] } }] },
      extra: { cause: `${message}\n    at insert (db.ts:1:1)` },
    });
    expect(event.exception.values[0].value).toBe(
      'Failed query: insert into "app_users" ("firstname") values ($1)\nparams: [redacted]',
    );
    expect(event.extra.cause).not.toContain("marie@example.com");
    expect(event.extra.cause).toContain("at insert (db.ts:1:1)");
  });

  it("survives cycles and leaves the SDK's own bookkeeping alone", () => {
    const scope = { name: "scope" } as Record<string, unknown>;
    scope.self = scope;
    const shared = { token: "abc" };
    const event = scrubEvent({
      extra: { a: shared, b: shared, loop: scope },
      sdkProcessingMetadata: { capturedSpanScope: scope },
    });
    expect(event.extra).toEqual({
      a: { token: "[Filtered]" },
      b: { token: "[Filtered]" },
      loop: { name: "scope", self: "[Circular]" },
    });
    expect(event.sdkProcessingMetadata.capturedSpanScope).toBe(scope);
  });
});
