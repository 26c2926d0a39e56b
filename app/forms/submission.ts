import { parseWithZod as parseWithConform } from "@conform-to/zod";

/**
 * conform's parseWithZod, safe from a forged post. conform reserves two fields for what its
 * browser script sends — `__intent__` (a validate or reset button) and `__state__` — and runs
 * JSON.parse on them: a caller posting `__intent__=x` to any form would get a 500. A value that is
 * not what conform itself writes is dropped, and the post is parsed as the fields it holds.
 * A list index of LIST_INDEX_LIMIT or more (`crew[99999999]`) is dropped too: conform would make a
 * list that long and zod would check every hole in it, one post holding a worker for minutes. No
 * form of Cap has lists anywhere near that long.
 */
export const parseWithZod = ((payload: FormData | URLSearchParams, options: never) =>
  parseWithConform(withoutForgedControls(payload), options)) as typeof parseWithConform;

const CONTROLS: Record<string, (value: unknown) => boolean> = {
  __intent__: (value) =>
    typeof value === "object" &&
    value !== null &&
    typeof (value as { type?: unknown }).type === "string" &&
    (value as { payload?: unknown }).payload !== undefined,
  __state__: (value) => typeof value === "object" && value !== null,
};

function isConformWritten(name: string, value: FormDataEntryValue): boolean {
  if (typeof value !== "string") return false;
  try {
    return CONTROLS[name](JSON.parse(value));
  } catch {
    return false;
  }
}

export const LIST_INDEX_LIMIT = 1000;
const INDEX = /\[(\d+)\]/g;
const indexTooLarge = (name: string) =>
  [...name.matchAll(INDEX)].some((match) => match[1].length > 4 || Number(match[1]) >= LIST_INDEX_LIMIT);

function withoutForgedControls<Payload extends FormData | URLSearchParams>(payload: Payload): Payload {
  const forged = Object.keys(CONTROLS).filter((name) =>
    payload.getAll(name).some((value) => !isConformWritten(name, value)),
  );
  const names = [...payload.keys()];
  if (forged.length === 0 && !names.some(indexTooLarge)) return payload;
  const copy = (payload instanceof URLSearchParams ? new URLSearchParams() : new FormData()) as Payload;
  for (const [name, value] of payload.entries()) {
    if (!forged.includes(name) && !indexTooLarge(name)) (copy as FormData).append(name, value);
  }
  return copy;
}
