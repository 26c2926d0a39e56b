import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { db } from "~/.server/db/client.server";
import { trainingOf } from "~/.server/trainings/catalogue.server";
import { certificatePathOf } from "~/.server/trainings/certificates.server";
import { resultPath } from "~/.server/trainings/resume.server";
import { moduleCard, trainingCard } from "~/.server/trainings/views.server";
import { titleMeta } from "~/components/document/page-title";
import { TrainingPageBody } from "~/components/presentational/training-page-body";

export const meta = titleMeta;

/** /training/{training_slug}: the training, its modules and where the member stands. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const lang = await localeOf(request);
  const training = await trainingOf(db(), member.id, params.training_slug ?? "");
  if (!training) notFound(request);
  const card = trainingCard(training, lang);
  return {
    title: card.title,
    training: card,
    resultPath: resultPath(training),
    certificatePath: certificatePathOf(training),
    modules: training.modules.map((m) => moduleCard(training, m, lang)),
  };
}

export default function TrainingPage() {
  const { training, resultPath, certificatePath, modules } = useLoaderData<typeof loader>();
  return (
    <TrainingPageBody
      training={training}
      resultPath={resultPath}
      certificatePath={certificatePath}
      modules={modules}
      back="/trainings"
    />
  );
}
