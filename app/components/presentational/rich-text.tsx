import type { ReactNode } from "react";
import type { RichBlock, RichInline } from "~/content/rich-text";

/**
 * An author's formatted text (content/rich-text.ts), parsed on the server: paragraphs, lists,
 * emphasis, strong, links. Every word reaches the page as React text, never as markup; a link's
 * address was checked by the parser, and one to another site tells the browser to send that site
 * neither the page nor a way back to it.
 *
 * The nodes have no identity of their own and a text never changes under a rendered page: they are
 * keyed by their place.
 */
export function RichText({ blocks }: { blocks: RichBlock[] }) {
  return blocks.map((block, index) =>
    block.type === "paragraph" ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: a text's blocks never move (see above)
      <p key={index}>
        <Inlines nodes={block.children} />
      </p>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: a text's blocks never move (see above)
      <List key={index} block={block} />
    ),
  );
}

function List({ block }: { block: Extract<RichBlock, { type: "list" }> }) {
  const items = block.items.map((item, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a list's items never move (see above)
    <li key={index}>
      <Inlines nodes={item} />
    </li>
  ));
  return block.ordered ? (
    <ol className="rich-list" start={block.start === 1 ? undefined : block.start}>
      {items}
    </ol>
  ) : (
    <ul className="rich-list">{items}</ul>
  );
}

function Inlines({ nodes }: { nodes: RichInline[] }) {
  return nodes.map(inline);
}

function inline(node: RichInline, index: number): ReactNode {
  switch (node.type) {
    case "text":
      return node.text;
    case "break":
      return <br key={index} />;
    case "emphasis":
      return (
        <em key={index}>
          <Inlines nodes={node.children} />
        </em>
      );
    case "strong":
      return (
        <strong key={index}>
          <Inlines nodes={node.children} />
        </strong>
      );
    case "link":
      return (
        <a key={index} href={node.href} rel={node.external ? "noopener noreferrer" : undefined}>
          <Inlines nodes={node.children} />
        </a>
      );
  }
}
