import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { requireRole } from "~/.server/auth/role-guard.server";
import { SpaceNav } from "~/components/document/space-nav";
import { useTranslation } from "~/i18n/react";

/**
 * The operator's space (issue 24), inside the signed-in layout: its own small navigation over each
 * page. Every child loader and action calls requireRole itself: a parent loader protects nothing.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  return null;
}

const tabs = [
  { to: "/admin/members", key: "nav.members" },
  { to: "/admin/coaches", key: "nav.coaches" },
  { to: "/admin/codes", key: "nav.codes" },
  { to: "/admin/audit", key: "nav.audit" },
] as const;

export default function AdminSpace() {
  const { t } = useTranslation("admin");
  return (
    <>
      <SpaceNav
        eyebrow={t("nav.label")}
        label={t("nav.label")}
        tabs={tabs.map((tab) => ({ to: tab.to, label: t(tab.key) }))}
      />
      <Outlet />
    </>
  );
}
