/**
 * What a member typed before the page hydrated stays where they typed it. A page's
 * scripts start once it is painted, and on a slow phone seconds later: the member may be filling a
 * form by then. React leaves a field's text alone when it hydrates, but a form that takes its fields
 * over afterwards may write their defaults back. So the fields a member changed are noted just
 * before hydration and, once it is done, given back their text, with the `input` and `change`
 * events a member's typing sends (so that the form's own state hears of it).
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Typed = { field: Field; value: string | boolean | string[] };

/** Input types whose value is a member's text; the others are buttons, hidden or files. */
const CHECKED = new Set(["checkbox", "radio"]);
const UNTYPED = new Set(["hidden", "submit", "button", "reset", "image", "file"]);

function typedValue(field: Field): Typed["value"] | undefined {
  if (field instanceof HTMLSelectElement) {
    const options = [...field.options];
    if (options.every((option) => option.selected === option.defaultSelected)) return undefined;
    return options.filter((option) => option.selected).map((option) => option.value);
  }
  if (field instanceof HTMLInputElement && CHECKED.has(field.type))
    return field.checked === field.defaultChecked ? undefined : field.checked;
  if (field instanceof HTMLInputElement && UNTYPED.has(field.type)) return undefined;
  return field.value === field.defaultValue ? undefined : field.value;
}

/** The fields of `root` a member has changed from what the server wrote. */
export function typedFields(root: ParentNode): Typed[] {
  return [...root.querySelectorAll<Field>("input, textarea, select")].flatMap((field) => {
    const value = typedValue(field);
    return value === undefined ? [] : [{ field, value }];
  });
}

/** Gives each field still on the page its typed value back where it differs now. */
export function restoreTypedFields(typed: Typed[]): void {
  for (const { field, value } of typed) {
    if (!field.isConnected || sameValue(field, value)) continue;
    if (field instanceof HTMLSelectElement) {
      for (const option of field.options) option.selected = (value as string[]).includes(option.value);
    } else if (typeof value === "boolean") {
      nativeSetter(field, "checked")?.call(field, value);
    } else {
      nativeSetter(field, "value")?.call(field, value);
    }
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

function sameValue(field: Field, value: Typed["value"]): boolean {
  if (field instanceof HTMLSelectElement)
    return [...field.options].every((option) => option.selected === (value as string[]).includes(option.value));
  return typeof value === "boolean" ? (field as HTMLInputElement).checked === value : field.value === value;
}

/**
 * The element's own setter, not the one React puts on the instance to track changes: set through
 * React's, the value would look unchanged to it and the events would be ignored.
 */
function nativeSetter(field: Field, property: "value" | "checked") {
  return Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)?.set;
}
