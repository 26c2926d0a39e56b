import { lifecycle } from "~/.server/runtime/lifecycle.server";

/** GET /healthz, for load balancers and the tests: 200 while the database answers, 503 otherwise. */
export async function loader() {
  const { ok } = await lifecycle.health();
  return Response.json({ ok }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
