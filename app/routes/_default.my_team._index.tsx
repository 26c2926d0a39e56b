import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireMember } from "~/.server/auth/guard.server";

/** /my_team opens on the crew list. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  throw redirect("/my_team/list");
}
