import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

type Look = {
  to: string;
  /** Its weight: the page's main next step, a way aside, or what cannot be undone. */
  tone?: "primary" | "ghost" | "danger";
  /** Larger on the landing pages; the whole width of the entry pages' narrow column. */
  size?: "large" | "block";
  children: ReactNode;
};

/** A link that reads as a button: it leads to a page, where a form's button would post. */
export function ButtonLink({ to, tone = "primary", size, children }: Look) {
  return (
    <Link to={to} className={`button button--${tone}${size ? ` button--${size}` : ""}`}>
      {children}
    </Link>
  );
}

/** A ButtonLink on a line of its own: what a page offers to do next. */
export function ButtonLine(look: Look) {
  return (
    <p>
      <ButtonLink {...look} />
    </p>
  );
}
