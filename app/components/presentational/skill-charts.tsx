import { useTranslation } from "~/i18n/react";

/**
 * Scores by skill (0–100) drawn on the server as SVG, each chart with its figures as a list for
 * screen readers and for anyone who prefers numbers. Bars read well on a phone; the radar suits
 * the life areas of the GPS.
 */
type Skill = { id: string; label: string; value: number };

function Figures({ skills }: { skills: Skill[] }) {
  const { t } = useTranslation("trainings");
  return (
    <ul className="chart__figures">
      {skills.map((skill) => (
        <li key={skill.id}>{t("results.skillValue", { skill: skill.label, value: skill.value })}</li>
      ))}
    </ul>
  );
}

export function SkillBars({ title, skills }: { title: string; skills: Skill[] }) {
  const { t } = useTranslation("trainings");
  const rowHeight = 36;
  const height = skills.length * rowHeight;
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 320 ${height}`}
        role="img"
        aria-label={t("results.chartLabel", { title })}
        className="chart__svg"
      >
        {skills.map((skill, index) => {
          const y = index * rowHeight;
          return (
            <g key={skill.id}>
              <text x="0" y={y + 14} className="chart__text">
                {skill.label}
              </text>
              <rect x="0" y={y + 20} width="280" height="10" rx="5" className="chart__track" />
              <rect x="0" y={y + 20} width={(280 * skill.value) / 100} height="10" rx="5" className="chart__bar" />
              <text x="320" y={y + 30} textAnchor="end" className="chart__text chart__text--value">
                {skill.value}
              </text>
            </g>
          );
        })}
      </svg>
      <Figures skills={skills} />
    </figure>
  );
}

export function SkillRadar({ title, skills }: { title: string; skills: Skill[] }) {
  const { t } = useTranslation("trainings");
  const center = 150;
  const radius = 100;
  const point = (index: number, value: number) => {
    const angle = (Math.PI * 2 * index) / skills.length - Math.PI / 2;
    const r = (radius * value) / 100;
    return [center + r * Math.cos(angle), center + r * Math.sin(angle)] as const;
  };
  const polygon = (value: (index: number) => number) =>
    skills
      .map((_, index) =>
        point(index, value(index))
          .map((n) => n.toFixed(1))
          .join(","),
      )
      .join(" ");
  return (
    <figure className="chart">
      <svg
        viewBox="0 0 300 300"
        role="img"
        aria-label={t("results.chartLabel", { title })}
        className="chart__svg chart__svg--radar"
      >
        {[25, 50, 75, 100].map((ring) => (
          <polygon key={ring} points={polygon(() => ring)} className="chart__ring" />
        ))}
        <polygon points={polygon((index) => skills[index].value)} className="chart__area" />
        {skills.map((skill, index) => {
          const [x, y] = point(index, 122);
          return (
            <text
              key={skill.id}
              x={x}
              y={y}
              textAnchor={x < center - 5 ? "end" : x > center + 5 ? "start" : "middle"}
              className="chart__text"
            >
              {skill.label}
            </text>
          );
        })}
      </svg>
      <Figures skills={skills} />
    </figure>
  );
}
