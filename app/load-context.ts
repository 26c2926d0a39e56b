declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The per-request CSP nonce for inline scripts (server.ts). */
    nonce?: string;
    /** The request id that appears in the log line of this request. */
    requestId?: string;
  }
}

export {};
