import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireCoach } from "~/.server/auth/role-guard.server";
import { SpaceLayout } from "~/components/document/space-nav";
import { readsHandle } from "~/components/document/cacheable-page";

/** The coach's pages show their sessions, and who booked them. */
export const handle = readsHandle("bookings");

/**
 * The coach's space, inside the signed-in layout: their agenda, hours and public profile. This
 * folder holds what its pages share (the agenda's sections, a session's page, the move form); each
 * page's own pieces sit in its folder. Every child loader and action calls requireCoach itself: a
 * parent loader protects nothing.
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
  return <SpaceLayout ns="coach" eyebrowKey="nav.label" labelKey="nav.label" tabs={tabs} />;
}
