import { useTranslation } from "~/i18n/react";

type Facts = {
  kind: "training" | "test";
  access: "free" | "payable";
  modules: number;
  parts: number;
  archived: boolean;
  /** Members see a version of it. */
  published: boolean;
};

function stateOf(training: Facts) {
  if (training.archived) return "archived";
  return training.published ? "live" : "unpublished";
}

/** A training's facts for its author: kind · access · modules, parts · live, never published or archived. */
export function TrainingFacts({ training }: { training: Facts }) {
  const { t } = useTranslation("author");
  const facts = [
    t(`trainings.kind.${training.kind}`),
    t(`trainings.access.${training.access}`),
    `${t("trainings.modules", { count: training.modules })}, ${t("trainings.parts", { count: training.parts })}`,
    t(`trainings.state.${stateOf(training)}`),
  ];
  return <p className="muted">{facts.join(" · ")}</p>;
}
