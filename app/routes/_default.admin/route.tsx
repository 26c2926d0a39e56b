import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth/role-guard.server";
import { paymentsEnabled } from "~/.server/payments/stripe.server";
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
  // The payments page is linked once Stripe is set up (it is still reachable by its address).
  return { payments: paymentsEnabled() };
}

const tabs = [
  { to: "/admin/members", key: "nav.members" },
  { to: "/admin/coaches", key: "nav.coaches" },
  { to: "/admin/codes", key: "nav.codes" },
  { to: "/admin/audit", key: "nav.audit" },
  { to: "/admin/legal", key: "nav.legal" },
  { to: "/admin/prices", key: "nav.prices" },
] as const;

const paymentsTab = { to: "/admin/payments", key: "nav.payments" } as const;

export default function AdminSpace() {
  const { payments } = useLoaderData<typeof loader>();
  return (
    <SpaceLayout
      ns="admin"
      eyebrowKey="nav.label"
      labelKey="nav.label"
      tabs={payments ? [...tabs, paymentsTab] : tabs}
    />
  );
}
