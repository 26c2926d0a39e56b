import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { requireCoach } from "~/.server/auth/role-guard.server";
import { SpaceNav } from "~/components/document/space-nav";
import { useTranslation } from "~/i18n/react";

/**
 * The coach's space (issue 24), inside the signed-in layout: their agenda, hours and public
 * profile. Every child loader and action calls requireCoach itself: a parent loader protects nothing.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireCoach(request);
  return null;
}

const tabs = [
  { to: "/coach/agenda", key: "nav.agenda" },
  { to: "/coach/hours", key: "nav.hours" },
  { to: "/coach/profile", key: "nav.profile" },
] as const;

export default function CoachSpace() {
  const { t } = useTranslation("coach");
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
