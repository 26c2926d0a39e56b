import type { ReactNode } from "react";
import { BrandLink } from "~/components/document/logo";
import { LanguageSwitch } from "~/components/document/language-switch";
import { LegalLinks } from "~/components/document/legal-links";

/** The two bars' classes and where their brand leads: the next-page layout's, and the password pages' card. */
const looks = {
  next: { frame: "layout-next", bar: "layout-next__bar", main: "layout-next__main", home: "/" },
  main: { frame: "layout-main", bar: "layout-main__header", main: "card layout-main__card", home: "/home" },
} as const;

/**
 * A plain bar (the way home, the language switch) over the page: the next-page layout, errors no
 * layout frames, and (look "main") the public password pages' centred card.
 */
export function BarFrame({ children, look = "next" }: { children: ReactNode; look?: keyof typeof looks }) {
  const classes = looks[look];
  return (
    <div className={classes.frame}>
      <header className={classes.bar}>
        <BrandLink to={classes.home} />
        <LanguageSwitch />
      </header>
      <main id="main" className={classes.main}>
        {children}
      </main>
      <footer className="page-footer">
        <LegalLinks />
      </footer>
    </div>
  );
}
