import { lifecycle } from "~/.server/runtime/lifecycle.server";

/**
 * GET /readyz, the readiness probe: 503 until start-up has applied the migrations and while the
 * database does not answer, so that a load balancer sends no member to this instance meanwhile.
 * /healthz stays the liveness probe (the process answers).
 */
export async function loader() {
  const { ok } = await lifecycle.ready();
  return Response.json({ ok }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
