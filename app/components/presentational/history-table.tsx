import type { ReactNode } from "react";

/**
 * A table of dated lines (the audit log, sales, life-GPS fillings): it scrolls sideways on a narrow
 * screen, its column headings on top; the rows are the caller's.
 */
export function HistoryTable({
  headings,
  caption,
  labelledBy,
  children,
}: {
  headings: string[];
  caption?: ReactNode;
  labelledBy?: string;
  children: ReactNode;
}) {
  return (
    <div className="table-scroll">
      <table className="history-table" aria-labelledby={labelledBy}>
        {caption}
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
