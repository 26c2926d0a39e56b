import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { requireAuthor } from "~/.server/auth/role-guard.server";
import { SpaceLayout } from "~/components/document/space-nav";
import authorStyles from "~/styles/author.css";
import { notKeptHandle } from "~/components/document/cacheable-page";

/** The authors' pages show other authors' work and names: never kept. */
export const handle = notKeptHandle;

/** The space's own stylesheet, for its pages only (members' pages never load it). */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: authorStyles }];

/**
 * The author space, inside the signed-in layout: the trainings, their files and a file
 * check. Every child loader and action calls requireAuthor itself: a parent loader protects nothing.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAuthor(request);
  return null;
}

const tabs = [
  { to: "/author/trainings", key: "nav.trainings" },
  { to: "/author/check", key: "nav.check" },
] as const;

export default function AuthorSpace() {
  return <SpaceLayout ns="author" eyebrowKey="nav.label" labelKey="nav.label" tabs={tabs} />;
}
