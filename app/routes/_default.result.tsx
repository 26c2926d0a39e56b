import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { allResults, LIFE_GPS_TEST } from "~/.server/trainings/results.server";
import { titleMeta } from "~/components/document/page-title";
import { TestResults, TrainingResults } from "~/components/presentational/training-results";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/** /result: skills from the tests and results of the trainings, in one place. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const lang = await localeOf(request);
  const t = await translator(lang, "trainings");
  const { tests, trainings } = await allResults(member.id, lang);
  return {
    title: t("results.title"),
    // The life-GPS test draws a radar; decided here, as a .server value never reaches the browser.
    tests: tests.map((test) => ({ ...test, radar: test.slug === LIFE_GPS_TEST })),
    trainings,
  };
}

export default function Results() {
  const { tests, trainings } = useLoaderData<typeof loader>();
  const { t } = useTranslation("trainings");
  return (
    <>
      <header className="page-header">
        <h1>{t("results.title")}</h1>
        <p className="lead">{t("results.lead")}</p>
      </header>
      {tests.map((test) => (
        <TestResults key={test.slug} result={test} radar={test.radar} />
      ))}
      {trainings.length ? <h2>{t("results.trainingsTitle")}</h2> : null}
      {trainings.map((training) => (
        <TrainingResults key={training.slug} result={training} linked />
      ))}
    </>
  );
}
