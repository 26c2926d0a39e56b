declare module "@remix-run/node" {
  // Given by server.ts; remix-serve gives none (docs/operations.md, "Serving").
  interface AppLoadContext {
    /** The request id that appears in the log line of this request. */
    requestId?: string;
    /** The caller's address (behind a trusted proxy, the forwarded one), for rate limits. */
    clientIp?: string;
  }

  // Loaders and actions answer through single fetch: type their data accordingly.
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
