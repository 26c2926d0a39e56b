import { useTranslation } from "~/i18n/react";

type Facts = {
  kind: "training" | "test";
  access: "free" | "payable";
  modules: number;
  parts: number;
  archived: boolean;
};

/** A training's facts for its author: kind · access · modules, parts · live or archived. */
export function TrainingFacts({ training }: { training: Facts }) {
  const { t } = useTranslation("author");
  const facts = [
    t(`trainings.kind.${training.kind}`),
    t(`trainings.access.${training.access}`),
    `${t("trainings.modules", { count: training.modules })}, ${t("trainings.parts", { count: training.parts })}`,
    t(`trainings.state.${training.archived ? "archived" : "live"}`),
  ];
  return <p className="muted">{facts.join(" · ")}</p>;
}
