import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
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
import { useTranslation } from "~/i18n/react";
import { BuyForm } from "~/components/form/buy-form";
import { env } from "~/.server/config/env.server";
import { refuse, refuseUnknownIntent } from "~/.server/http/form-reply.server";
import { formatAmount } from "~/.server/payments/money.server";
import { offerOf } from "~/.server/payments/prices.server";
import { startCheckout } from "~/.server/payments/checkout.server";
import { checkoutRefusals } from "~/.server/payments/contract.server";

export const meta = titleMeta;

/** /training/{training_slug}: the training, its modules and where the member stands. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const lang = await localeOf(request);
  const training = await trainingOf(db(), member.id, params.training_slug ?? "");
  if (!training) notFound(request);
  const card = trainingCard(training, lang);
  const receipt = Number(new URL(request.url).searchParams.get("receipt"));
  return {
    title: card.title,
    training: card,
    resultPath: resultPath(training),
    certificatePath: certificatePathOf(training),
    modules: training.modules.map((m) => moduleCard(training, m, lang)),
    offer: await offerOf({ id: training.id, unlocked: training.unlocked, archived: training.content.archived }).then(
      (price) => (price ? formatAmount(lang, price.amountCents) : null),
    ),
    // Back from a paid checkout: the training is open; its receipt is one link away.
    receipt: training.unlocked && Number.isSafeInteger(receipt) && receipt > 0 ? receipt : null,
  };
}

/**
 * POST /training/{training_slug}: "Acheter" answers 303 to Stripe Checkout for a locked payable
 * training, or the refusal's message over the page (503 and Retry-After while Stripe is away).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { member, identity } = await requireMember(request);
  const formData = await request.formData();
  if (formData.get("intent") !== "buy") return refuseUnknownIntent();
  const buyer = {
    memberId: member.id,
    email: identity.traits.email,
    name: `${member.firstname} ${member.lastname}`.trim(),
    lang: await localeOf(request),
  };
  const outcome = await startCheckout(buyer, params.training_slug ?? "", env().APP_URL);
  if (outcome.ok) return new Response(null, { status: 303, headers: { Location: outcome.url } });
  const refusal = checkoutRefusals[outcome.error];
  const retryAfter = refusal.api?.retryAfter;
  return refuse(
    { status: "error", initialValue: null, error: { "": [refusal.message] } },
    refusal.status,
    retryAfter ? { "Retry-After": String(retryAfter) } : undefined,
  );
}

export default function TrainingPage() {
  const { training, resultPath, certificatePath, modules, offer, receipt } = useLoaderData<typeof loader>();
  const { t } = useTranslation("trainings");
  return (
    <>
      {receipt ? (
        <div className="alert alert--success" role="status">
          {t("payments.opened")}{" "}
          <Link to={`/receipts/${receipt}`}>{t("payments.receiptLink", { number: receipt })}</Link>
        </div>
      ) : null}
      <TrainingPageBody
        training={training}
        resultPath={resultPath}
        certificatePath={certificatePath}
        modules={modules}
        back="/trainings"
        unlock={offer ? <BuyForm price={offer} /> : null}
      />
    </>
  );
}
