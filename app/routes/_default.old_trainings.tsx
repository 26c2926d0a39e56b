import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { trainingsOf } from "~/.server/trainings/catalogue.server";
import { trainingCard } from "~/.server/trainings/views.server";
import { titleMeta } from "~/components/document/page-title";
import { TrainingList } from "~/components/presentational/training-card";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/** /old_trainings: the trainings the member finished, and the archived ones they had started (trainingsOf). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const lang = await localeOf(request);
  const t = await translator(lang, "trainings");
  const [current, archived] = await Promise.all([
    trainingsOf(member.id, { archived: false }),
    trainingsOf(member.id, { archived: true }),
  ]);
  const finished = current.filter((training) => training.content.kind === "training" && training.state === "completed");
  return {
    title: t("old.title"),
    trainings: [...finished, ...archived].map((training) => trainingCard(training, lang)),
  };
}

export default function OldTrainings() {
  const { trainings } = useLoaderData<typeof loader>();
  const { t } = useTranslation("trainings");
  return (
    <>
      <header className="page-header">
        <h1>{t("old.title")}</h1>
        <p className="lead">{t("old.lead")}</p>
      </header>
      {trainings.length === 0 ? <p className="card">{t("old.empty")}</p> : null}
      <TrainingList trainings={trainings} />
      <p>
        <Link to="/trainings">{t("old.back")}</Link>
      </p>
    </>
  );
}
