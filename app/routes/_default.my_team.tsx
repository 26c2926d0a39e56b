import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireMember } from "~/.server/auth/guard.server";
import { SpaceLayout } from "~/components/document/space-nav";

/** /my_team: the page heading and the sub-navigation (list, add, surveys) over each child page. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return null;
}

const tabs = [
  { to: "/my_team/list", key: "nav.list" },
  { to: "/my_team/add", key: "nav.add" },
  { to: "/my_team/surveys", key: "nav.surveys" },
  { to: "/invitations", key: "nav.invitations" },
] as const;

export default function MyTeam() {
  return <SpaceLayout ns="team" eyebrowKey="title" labelKey="nav.label" tabs={tabs} />;
}
