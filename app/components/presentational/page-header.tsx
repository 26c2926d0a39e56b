/** A page's head: its title, and the lead under it. */
export function PageHeader({ title, lead }: { title: string; lead: string }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
    </header>
  );
}
