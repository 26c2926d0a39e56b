import { deleteMemberAccount } from "~/.server/admin/member-account.server";
import { memberChange } from "~/.server/api/admin-member-change.server";

/** The deletion of /admin/members/<id>/delete: the rules of the member's own, audited. */
export const endpoint = memberChange("delete", ["ownDeletion", "lastAdmin"], {
  summary:
    "Delete the member's account as self-service deletion does (upcoming sessions cancelled, coaches told); not one's own, nor the last admin",
  done: "The account is deleted",
  change: ({ actorId, memberId }) => deleteMemberAccount(actorId, memberId),
});
