import { type Limit, releaseSlots, trySlots } from "~/.server/rate-limit/rate-limit.server";
import { codeLimitError } from "../code-limits.server";
import type { CodeError } from "../port.server";

/**
 * Submits a code under Cap's wrong-code limits (codeMissLimits; Kratos limits tries per flow
 * only): the try takes its slots, given back unless the code was wrong.
 */
export async function underCodeLimits<T extends { ok: true } | { ok: false; error: string }>(
  limits: Limit[],
  submit: () => Promise<T>,
): Promise<T | { ok: false; error: CodeError }> {
  const slots = await trySlots(limits);
  if (!slots.ok) return { ok: false, error: codeLimitError(slots.full.bucket) };
  const outcome = await submit().catch(async (error: unknown) => {
    await releaseSlots(slots.ids);
    throw error;
  });
  if (outcome.ok || outcome.error !== "codeInvalid") await releaseSlots(slots.ids);
  return outcome;
}
