/**
 * How a service's refusal is told, page and API alike: one table a domain (its contract.server.ts)
 * writes once, read by the page action (form-reply.server.ts: refuseWith) and by the
 * API route (api/respond.server.ts: apiRefusal).
 */
export type RefusalEntry = {
  /** The HTTP status of the answer. */
  status: number;
  /** The form field the message stands under (the API names it in snake_case); null: the form as a whole. */
  field: string | null;
  /** A message key of the table's namespace, as the page shows it. */
  message: string;
  /**
   * What the API answers otherwise: its own status or field, and its base line when it is not the
   * message itself (often "errors.checkFields", a key of "auth").
   */
  api?: { status?: number; field?: string | null; base?: string };
};

/** An entry with the namespace its message belongs to ("auth" is the API's own: its keys go unprefixed). */
export type ServiceRefusal = RefusalEntry & { ns: string };

/** A domain's refusal table: service error code → how it is told, in namespace `ns`. */
export function refusals<Code extends string>(
  ns: string,
  entries: Record<Code, RefusalEntry>,
): Record<Code, ServiceRefusal> {
  const table = {} as Record<Code, ServiceRefusal>;
  for (const code of Object.keys(entries) as Code[]) table[code] = { ...entries[code], ns };
  return table;
}
