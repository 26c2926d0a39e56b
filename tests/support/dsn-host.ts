import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

/**
 * A local HTTP server standing for an error-reporting DSN's host: it hands every envelope the SDK
 * posts (unzipped when gzip-encoded) to `onEnvelope` and answers 200, so that a test reads back
 * what was sent.
 */
export async function startDsnHost(onEnvelope: (envelope: { path: string; body: string }) => void) {
  const host = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      onEnvelope({
        path: req.url ?? "",
        body: (req.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString("utf8"),
      });
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  return {
    port: (host.address() as AddressInfo).port,
    close: () => new Promise((resolve) => host.close(resolve)),
  };
}
