import { db } from "~/.server/db/client.server";
import {
  type Actor,
  grantWithin,
  type Role,
  type RoleChange,
  rolesOf,
  withdrawWithin,
} from "~/.server/roles/roles.server";
import { becomeCoach, hasUpcomingSessions } from "./coach-accounts.server";

/**
 * A role given or taken as Cap does it, for every role: the roles' own change (audited, the last
 * admin kept) with coaching's part of the coach role. The role is coaching's to write here, so
 * roles know nothing of coaches.
 */
export type RoleChangeOutcome = RoleChange | { ok: false; error: "coachHasSessions" };

/** Gives `role` to the member; the coach role also makes the coach record its space works on. */
export function grantRole(actor: Actor, memberId: string, role: Role): Promise<RoleChangeOutcome> {
  return db().transaction(async (tx) => {
    const change = await grantWithin(tx, actor, memberId, role);
    if (change.ok && change.changed && role === "coach") await becomeCoach(tx, memberId);
    return change;
  });
}

/**
 * Takes `role` from the member. A coach with sessions still to come keeps the coach role:
 * withdrawing it would leave those sessions bookable with nobody to run them — retiring the coach
 * (/admin/coaches/<id>/retire) cancels them, members told, then withdraws it.
 */
export function withdrawRole(actor: Actor, memberId: string, role: Role): Promise<RoleChangeOutcome> {
  return db().transaction(async (tx) => {
    if (
      role === "coach" &&
      (await rolesOf(memberId, tx)).includes("coach") &&
      (await hasUpcomingSessions(tx, memberId))
    )
      return { ok: false, error: "coachHasSessions" } as const;
    return withdrawWithin(tx, actor, memberId, role);
  });
}
