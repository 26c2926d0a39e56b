import { useTranslation } from "~/i18n/react";
import { HistoryTable } from "~/components/presentational/history-table";

/** One week of sales as the page shows it: its figures already in the reader's words. */
export type ShownWeek = {
  start: string;
  label: string;
  long: string;
  day: string;
  count: number;
  paidCents: number;
  paid: string;
  refunded: string;
  net: string;
};

const WIDTH = 480;
const HEIGHT = 200;
const BASE = 170;
const TOP = 20;

/**
 * The gross sales of each week as bars drawn on the server (no script needed), each bar naming its
 * week and amount; beside it the same figures as a table, with what was refunded and the net.
 */
export function SalesChart({ weeks, max }: { weeks: ShownWeek[]; max: string }) {
  const { t } = useTranslation("admin");
  const highest = Math.max(...weeks.map((week) => week.paidCents), 0);
  const slot = WIDTH / weeks.length;
  return (
    <section className="sales-weeks" aria-labelledby="sales-weeks-title">
      <h2 id="sales-weeks-title">{t("sales.weeksTitle", { count: weeks.length })}</h2>
      <figure className="chart sales-weeks__chart">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby="sales-chart-title sales-chart-desc"
          className="chart__svg sales-weeks__svg"
        >
          <title id="sales-chart-title">{t("sales.chartTitle", { count: weeks.length })}</title>
          <desc id="sales-chart-desc">
            {weeks.map((week) => t("sales.chartWeek", { week: week.long, amount: week.paid })).join(" ; ")}
          </desc>
          <text x="0" y="12" className="chart__text">
            {highest > 0 ? max : t("sales.chartEmpty")}
          </text>
          <line x1="0" y1={BASE} x2={WIDTH} y2={BASE} className="sales-weeks__axis" />
          {weeks.map((week, index) => {
            const height = highest > 0 ? ((BASE - TOP) * week.paidCents) / highest : 0;
            return (
              <g key={week.start}>
                <rect
                  x={index * slot + slot * 0.15}
                  y={BASE - height}
                  width={slot * 0.7}
                  height={height}
                  className="chart__bar"
                >
                  <title>{t("sales.chartWeek", { week: week.long, amount: week.paid })}</title>
                </rect>
                <text
                  x={index * slot + slot / 2}
                  y={BASE + 18}
                  textAnchor="middle"
                  // On a phone every other week is named, this week always.
                  className={(weeks.length - 1 - index) % 2 ? "chart__text sales-weeks__label--other" : "chart__text"}
                >
                  {week.label}
                </text>
              </g>
            );
          })}
        </svg>
        <figcaption className="muted">{t("sales.chartCaption")}</figcaption>
      </figure>
      <HistoryTable
        caption={<caption>{t("sales.tableCaption")}</caption>}
        headings={[t("sales.week"), t("sales.count"), t("sales.paid"), t("sales.refunded"), t("sales.net")]}
      >
        {weeks.map((week) => (
          <tr key={week.start}>
            <th scope="row">{week.day}</th>
            <td>{week.count}</td>
            <td>{week.paid}</td>
            <td>{week.refunded}</td>
            <td>{week.net}</td>
          </tr>
        ))}
      </HistoryTable>
    </section>
  );
}
