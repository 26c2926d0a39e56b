import { Link } from "@remix-run/react";
import { PageHeader } from "./page-header";

/** A sub-page's head: the way back to the page it details, its title and its lead. */
export function BackHeader({
  back,
  backLabel,
  title,
  lead,
}: {
  back: string;
  backLabel: string;
  title: string;
  lead: string;
}) {
  return (
    <>
      <p>
        <Link to={back}>← {backLabel}</Link>
      </p>
      <PageHeader title={title} lead={lead} />
    </>
  );
}
