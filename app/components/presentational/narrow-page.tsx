import type { ReactNode } from "react";

/** A page of one narrow column: its eyebrow (when it has one), title and lead, then what it shows. */
export function NarrowPage({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <section className="container section narrow">
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
      {children}
    </section>
  );
}
