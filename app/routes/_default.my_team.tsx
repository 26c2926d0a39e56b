import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { SpaceNav } from "~/components/document/space-nav";
import { useTranslation } from "~/i18n/react";

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
  const { t } = useTranslation("team");
  return (
    <>
      <SpaceNav
        eyebrow={t("title")}
        label={t("nav.label")}
        tabs={tabs.map((tab) => ({ to: tab.to, label: t(tab.key) }))}
      />
      <Outlet />
    </>
  );
}
