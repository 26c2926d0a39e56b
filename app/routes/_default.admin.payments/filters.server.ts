import { searchQuery } from "~/.server/admin/contract.server";
import { memberIdsMatching } from "~/.server/admin/members.server";
import { PAYMENT_STATUSES, type PaymentStatus } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import type { PaymentFilter } from "~/.server/payments/receipts.server";

/**
 * The payments list's filters from its address (a GET form): a training among `slugs`, a status,
 * a person (part of a name or an address) or a member's id (from their page). Anything else is
 * no filter; a search too long is refused with the list's message, as the members list does.
 */
export async function filtersOf(url: URL, slugs: string[]) {
  const training = url.searchParams.get("training") ?? "";
  const status = url.searchParams.get("status") ?? "";
  const member = url.searchParams.get("member") ?? "";
  const person = searchQuery(url, "person");
  const filter: PaymentFilter = {};
  if (slugs.includes(training)) filter.trainingSlug = training;
  if ((PAYMENT_STATUSES as readonly string[]).includes(status)) filter.status = status as PaymentStatus;
  if (isUuid(member)) filter.memberId = member;
  if (person.ok && person.value)
    filter.person = { text: person.value, memberIds: await memberIdsMatching(person.value) };
  return {
    filter,
    shown: {
      training: filter.trainingSlug ?? "",
      status: filter.status ?? "",
      person: person.ok ? person.value : "",
      member: filter.memberId ?? "",
    },
    refused: !person.ok,
    filtered: Object.keys(filter).length > 0,
  };
}
