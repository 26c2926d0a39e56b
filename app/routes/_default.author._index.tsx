import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireAuthor } from "~/.server/auth/role-guard.server";

/** /author opens on the trainings. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAuthor(request);
  throw redirect("/author/trainings");
}
