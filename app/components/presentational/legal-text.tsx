import type { LegalSection } from "~/content/legal-text";
import { RichText } from "./rich-text";

/** A legal page's text (content/legal-text.ts): each section its heading and its formatted text. */
export function LegalText({ sections }: { sections: LegalSection[] }) {
  return sections.map((section, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a version's sections never move (it is never changed)
    <section key={index} className="legal-section">
      {section.heading ? <h2>{section.heading}</h2> : null}
      <RichText blocks={section.blocks} />
    </section>
  ));
}
