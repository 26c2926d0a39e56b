import { defineEndpoint, operation } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { localDay } from "~/.server/calendar/time-zones.server";
import { only } from "~/.server/contract/refusal-table.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { pageEnvelope, pageQueryParametersWith } from "~/.server/paging/paging.server";
import {
  codeAnswer,
  codeBody,
  CODES_PAGE_SIZE,
  codeRefusals,
  codesAnswer,
  expiryRefusal,
} from "~/.server/trainings/access-code-contract.server";
import { type CodeLine, codeLine, codesPage, codeUses, createCode } from "~/.server/trainings/access-codes.server";

/** An access code in the API's words. */
export function codeJson(line: CodeLine, lang: "fr" | "en") {
  return {
    code: line.code,
    training: { slug: line.training.slug, title: line.training.title[lang] },
    uses: line.uses,
    max_uses: line.maxUses,
    expires_at: line.expiresAt?.toISOString() ?? null,
    disabled_at: line.disabledAt?.toISOString() ?? null,
    state: line.state,
    note: line.note,
    created_at: line.createdAt.toISOString(),
  };
}

/** A code and who used it (the most recent first page of them). */
export async function codeWithUses(line: CodeLine, lang: "fr" | "en") {
  const { items } = await codeUses(line.code);
  return {
    code: codeJson(line, lang),
    used_by: items.map((use) => ({ member_id: use.memberId, name: use.name, used_at: use.usedAt.toISOString() })),
  };
}

export const endpoint = defineEndpoint("/api/admin/codes", {
  get: operation({
    guard: "admin",
    summary: "Every access code, newest first, with its use count and state, a page at a time",
    page: CODES_PAGE_SIZE,
    query: pageQueryParametersWith(CODES_PAGE_SIZE),
    ok: { status: 200, schema: codesAnswer, description: "A page of access codes" },
    async handler({ request, page }) {
      const lang = await localeOf(request);
      const { items, page: settled } = await codesPage("all", page, { settle: false });
      return apiAnswer({ codes: items.map((item) => codeJson(item, lang)), ...pageEnvelope(page, settled.total) });
    },
  }),
  post: operation({
    guard: "admin",
    summary: "Create an access code for a payable training: typed, or generated (CAP- and 10 characters)",
    body: codeBody,
    bodyNamespace: "admin",
    refusals: only(codeRefusals, "codeTaken", "noTraining", "expiryPast", "expiryTooFar"),
    ok: { status: 201, schema: codeAnswer, description: "Created" },
    async handler({ request, signedIn: { member }, body, refuse }) {
      const input = await body();
      const zone = member.time_zone;
      const tooFar = input.expires_on ? expiryRefusal(input.expires_on, localDay(new Date(), zone)) : null;
      if (tooFar) return refuse(tooFar);
      const made = await createCode(
        { memberId: member.id },
        {
          training: input.training,
          code: input.code ?? undefined,
          maxUses: input.max_uses ?? undefined,
          expiresOn: input.expires_on ?? undefined,
          note: input.note ?? undefined,
        },
        zone,
      );
      if (!made.ok) return refuse(made.error);
      const line = await codeLine(made.code);
      if (!line) throw new Error(`access code ${made.code} vanished`);
      return apiAnswer(await codeWithUses(line, await localeOf(request)), 201);
    },
  }),
});
