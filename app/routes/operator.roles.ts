import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/.server/http/not-found.server";
import { operatorCommandOf } from "~/.server/operator/door.server";
import { runRolesCommand } from "~/.server/operator/roles-command.server";

/**
 * POST /operator/roles: `npm run roles` asking the running server (on PGlite the server holds the
 * database). Loopback and the secret under DATA_DIR only; to anyone else, an unknown path.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  notFound(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const words = ["kind", "email", "role"].map((name) => String(form.get(name) ?? "")).filter((word) => word !== "");
  const command = operatorCommandOf(context.clientIp, { secret: String(form.get("secret") ?? ""), words });
  if (!command) notFound(request);
  const answer = await runRolesCommand(command);
  return Response.json(answer, { status: answer.ok ? 200 : 409, headers: { "Cache-Control": "no-store" } });
}
