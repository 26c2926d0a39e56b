/**
 * How a service's refusal is told, page and API alike: one table a domain (its contract.server.ts)
 * writes once, read by the page action (http/form-reply.server.ts: refuseWith) and by the API
 * endpoint (api/respond.server.ts: apiRefusal), whose OpenAPI failures list the table's statuses.
 */
export type RefusalEntry = {
  /** The HTTP status of the answer. */
  status: number;
  /** The form field the message stands under (the API names it in snake_case); null: the form as a whole. */
  field: string | null;
  /** A message key of the table's namespace, as the page shows it. */
  message: string;
  /**
   * What the API answers otherwise: its own status or field, its base line when it is not the
   * message itself (often "errors.checkFields", a key of "auth"), the count its message reads,
   * and for a quota (429) the seconds to wait, sent as Retry-After.
   */
  api?: { status?: number; field?: string | null; base?: string; count?: number; retryAfter?: number };
};

/** An entry with the namespace its message belongs to ("auth" is the API's own: its keys go unprefixed). */
export type ServiceRefusal = RefusalEntry & { ns: string };

/** A domain's refusal table: service error code → how it is told. */
export type RefusalTable<Code extends string = string> = Record<Code, ServiceRefusal>;

/** A domain's refusal table: service error code → how it is told, in namespace `ns`. */
export function refusals<Code extends string>(ns: string, entries: Record<Code, RefusalEntry>): RefusalTable<Code> {
  const table = {} as RefusalTable<Code>;
  for (const code of Object.keys(entries) as Code[]) table[code] = { ...entries[code], ns };
  return table;
}

/** The part of a table one service can refuse with (an API endpoint documents only those statuses). */
export function only<Code extends string, const Picked extends readonly Code[]>(
  table: RefusalTable<Code>,
  ...codes: Picked
): RefusalTable<Picked[number]> {
  return Object.fromEntries(codes.map((code) => [code, table[code]])) as RefusalTable<Picked[number]>;
}

/** The HTTP statuses the API answers for a table's refusals. */
export function refusalStatuses(table: RefusalTable): number[] {
  return Object.values(table).map((refusal) => refusal.api?.status ?? refusal.status);
}
