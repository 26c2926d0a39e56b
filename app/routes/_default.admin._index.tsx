import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireRole } from "~/.server/auth/role-guard.server";

/** /admin opens on the members. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  throw redirect("/admin/members");
}
