import { readFileSync } from "node:fs";

/** `ui.messages` texts and the small UI-node vocabulary the fake's flows are built from. */

type UiTextEntry = { id: number; text: string; type: string; context?: Record<string, unknown> };
export type UiText = { id: number; text: string; type: string; context?: Record<string, unknown> };
export type UiNode =
  | {
      type: "input";
      group: string;
      attributes: Record<string, unknown> & { name: string; node_type: "input" };
      messages: UiText[];
      meta: { label?: UiText };
    }
  | {
      type: "text" | "img";
      group: string;
      attributes: Record<string, unknown> & { id: string; node_type: "text" | "img" };
      messages: UiText[];
      meta: { label?: UiText };
    };

export type InputNode = Extract<UiNode, { type: "input" }>;

/** The name a node's field messages are kept under: an input's name, a text's or an image's id. */
export const nodeKey = (node: UiNode) => (node.type === "input" ? node.attributes.name : node.attributes.id);

const catalogue = new Map(
  (JSON.parse(readFileSync(new URL("./kratos/kratos-ui-messages.json", import.meta.url), "utf8")) as UiTextEntry[]).map(
    (entry) => [entry.id, entry],
  ),
);

/** A message by id, its `{placeholders}` filled from `context` (Kratos renders the English text itself). */
export function uiText(id: number, context?: Record<string, unknown>): UiText {
  const entry = catalogue.get(id);
  if (!entry) throw new Error(`fake-kratos: unknown ui message id ${id}`);
  if (!context) return { id, text: entry.text, type: entry.type };
  const text = entry.text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in context ? String(context[key]) : whole,
  );
  return { id, text, type: entry.type, context };
}

export function inputNode(
  group: string,
  name: string,
  type: string,
  options: { value?: unknown; required?: boolean; label?: UiText; autocomplete?: string } = {},
): InputNode {
  const attributes: Record<string, unknown> & { name: string; node_type: "input" } = {
    name,
    type,
    disabled: false,
    node_type: "input",
  };
  if (options.value !== undefined) attributes.value = options.value;
  if (options.required) attributes.required = true;
  if (options.autocomplete) attributes.autocomplete = options.autocomplete;
  return { type: "input", group, attributes, messages: [], meta: options.label ? { label: options.label } : {} };
}

export const csrfNode = (): UiNode => inputNode("default", "csrf_token", "hidden", { required: true, value: "" });

/** A text node (Kratos shows a TOTP key and recovery codes so), its text one message. */
export const textNode = (group: string, id: string, text: UiText, label?: UiText): UiNode => ({
  type: "text",
  group,
  attributes: { id, text, node_type: "text" },
  messages: [],
  meta: label ? { label } : {},
});

export const imageNode = (group: string, id: string, src: string, size: number, label?: UiText): UiNode => ({
  type: "img",
  group,
  attributes: { id, src, width: size, height: size, node_type: "img" },
  messages: [],
  meta: label ? { label } : {},
});
