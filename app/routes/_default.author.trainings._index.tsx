import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAuthor } from "~/.server/auth/role-guard.server";
import { translator } from "~/.server/i18n/i18n.server";
import { authorTrainings } from "~/.server/authoring/trainings-list.server";
import { titleMeta } from "~/components/document/page-title";
import { BothLanguages } from "~/components/presentational/both-languages";
import { TrainingFacts } from "~/components/presentational/training-facts";
import { useTranslation } from "~/i18n/react";
import { ButtonLink } from "~/components/presentational/button-link";

export const meta = titleMeta;

/** /author/trainings: every training and test, archived ones too, in the members' order. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAuthor(request);
  const t = await translator(request, "author");
  return { title: t("trainings.title"), trainings: await authorTrainings() };
}

export default function AuthorTrainings() {
  const { trainings } = useLoaderData<typeof loader>();
  const { t } = useTranslation("author");
  return (
    <>
      <h1>{t("trainings.title")}</h1>
      <p className="lead">{t("trainings.lead")}</p>
      <p className="actions">
        <ButtonLink to="/author/trainings/new">{t("create.link")}</ButtonLink>
        <ButtonLink to="/author/trainings/import" tone="ghost">
          {t("import.link")}
        </ButtonLink>
      </p>
      {trainings.length === 0 ? (
        <p>{t("trainings.empty")}</p>
      ) : (
        <ul className="admin-list author-list">
          {trainings.map((training) => (
            <li key={training.slug} className="card">
              <Link to={`/author/trainings/${training.slug}`}>
                <BothLanguages text={training.title} as="h2" />
              </Link>
              <TrainingFacts training={training} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
