import { type ApiOperation, operation } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import type { Operation } from "~/.server/contract/operation.server";
import { type PageRequest, pageEnvelope } from "~/.server/paging/paging.server";
import { SPACE_API_PAGE_SIZE, spaceListQuery } from "~/.server/space/contract.server";

type Read<Item> = (
  memberId: string,
  requested: PageRequest,
  options: { settle: boolean },
) => Promise<{ items: Item[]; page: { total: number } }>;

/**
 * A list of the member's space (commitments, life-GPS fillings, earlier goals), a page at a time:
 * read by `read` without settling anything (a read through the API changes nothing), each item
 * as `json` writes it, under `key`.
 */
export function spaceList<Item>(
  key: string,
  read: Read<Item>,
  json: (item: Item) => unknown,
  described: Pick<Operation, "summary" | "ok">,
): ApiOperation {
  return operation({
    ...described,
    page: SPACE_API_PAGE_SIZE,
    query: spaceListQuery,
    async handler({ signedIn: { member }, page }) {
      const { items, page: settled } = await read(member.id, page, { settle: false });
      return apiAnswer({ [key]: items.map(json), ...pageEnvelope(page, settled.total) });
    },
  });
}
