import { trainingBounds } from "~/content/training-schema";

/**
 * A new item's id (a question, an answer, a skill, a profile), made once from its text and never
 * changed after (members' answers and scores point at it): the text in lower case without accents,
 * words joined by "-", at most 40 characters, then `-2`, `-3`… when one of the list's items already
 * has it; with no usable text, `<fallback>-<n>`. Always a valid slug of the training schema.
 */
export function newId(text: string, items: { id: string }[], fallback: string): string {
  const used = new Set(items.map((item) => item.id));
  const base =
    text
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .slice(0, 40)
      .replace(/^-+|-+$/g, "") || fallback;
  if (base !== fallback && !used.has(base)) return base;
  for (let n = base === fallback ? 1 : 2; ; n += 1) {
    const id = `${base}-${n}`.slice(0, trainingBounds.slug);
    if (!used.has(id)) return id;
  }
}

/** The list with the item at `index` moved one place up or down (unchanged at either end). */
export function moved<Item>(items: Item[], index: number, direction: "up" | "down"): Item[] {
  const target = direction === "up" ? index - 1 : index + 1;
  if (index < 0 || target < 0 || target >= items.length) return items;
  const next = [...items];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}
