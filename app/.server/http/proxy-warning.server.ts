import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import type { Logger } from "pino";

/**
 * With TRUST_PROXY unset, forwarded headers are ignored (a client could write any address in
 * them), so behind a reverse proxy every client has the proxy's address: the per-address limits
 * (login, codes, recovery) then count every member as one client. A request that arrives from a
 * loopback or private address carrying `X-Forwarded-For` or `Forwarded` is the sign of such a
 * proxy: the first one logs a single warning per process saying what to set (docs/operations.md,
 * "Configuration"). Express middleware for server.ts; with TRUST_PROXY set it is not installed.
 */
export function warnOfUntrustedProxy(log: Logger) {
  let warned = false;
  return (req: ExpressRequest, _res: ExpressResponse, next: NextFunction) => {
    if (!warned && (req.headers["x-forwarded-for"] || req.headers.forwarded) && isPrivate(req.socket.remoteAddress)) {
      warned = true;
      log.warn(
        { proxy: req.socket.remoteAddress },
        "Requests come through a proxy (X-Forwarded-For from a private address) but TRUST_PROXY is unset: " +
          "every client shares the proxy's address, so one client's failures throttle everyone's. " +
          "Set TRUST_PROXY to the proxy (e.g. TRUST_PROXY=loopback, TRUST_PROXY=10.0.0.0/8, or a hop count: TRUST_PROXY=1).",
      );
    }
    next();
  };
}

/** Loopback, RFC 1918, link-local and unique-local addresses (IPv4, IPv6, IPv4-mapped IPv6). */
export function isPrivate(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  const octets = v4.split(".").map(Number);
  if (octets.length === 4 && octets.every((octet) => Number.isInteger(octet) && octet >= 0 && octet <= 255)) {
    const [a, b] = octets;
    return (
      a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
    );
  }
  const v6 = address.toLowerCase();
  return v6 === "::1" || /^f[cd][0-9a-f]{2}:/.test(v6) || /^fe[89ab][0-9a-f]:/.test(v6);
}
