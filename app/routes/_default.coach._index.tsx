import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireCoach } from "~/.server/auth/role-guard.server";

/** /coach opens on the agenda. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireCoach(request);
  throw redirect("/coach/agenda");
}
