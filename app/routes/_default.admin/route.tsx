import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/.server/auth/role-guard.server";
import { SpaceLayout } from "~/components/document/space-nav";
import { notKeptHandle } from "~/components/document/cacheable-page";

/** The back office shows every member's rows: its pages are never kept. */
export const handle = notKeptHandle;

/**
 * The operator's space, inside the signed-in layout: its own small navigation over each
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
  { to: "/admin/legal", key: "nav.legal" },
  { to: "/admin/prices", key: "nav.prices" },
] as const;

export default function AdminSpace() {
  return <SpaceLayout ns="admin" eyebrowKey="nav.label" labelKey="nav.label" tabs={tabs} />;
}
