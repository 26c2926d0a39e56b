import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { receiptNumberOf, returnFromCheckout } from "~/.server/payments/return.server";
import { titleMeta } from "~/components/document/page-title";
import { PageHeader } from "~/components/presentational/page-header";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/**
 * /training/{slug}/paid?session_id=…: Stripe Checkout's success URL. The payment is fulfilled here
 * if the webhook has not done it yet; open, the member lands on the training; still being
 * confirmed, this page says so and offers to look again.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const slug = params.training_slug ?? "";
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  const outcome = await returnFromCheckout(member.id, sessionId);
  if (outcome === "unknown") notFound(request);
  if (outcome === "open") {
    throw redirect(`/training/${slug}?receipt=${await receiptNumberOf(sessionId)}`, 303);
  }
  const t = await translator(await localeOf(request), "trainings");
  return {
    title: t("payments.pendingTitle"),
    again: `/training/${slug}/paid?session_id=${sessionId}`,
    back: `/training/${slug}`,
  };
}

export default function PaymentPending() {
  const { title, again, back } = useLoaderData<typeof loader>();
  const { t } = useTranslation("trainings");
  return (
    <>
      <PageHeader title={title} lead={t("payments.pendingText")} />
      <p className="actions">
        <Link to={again} className="button button--primary">
          {t("payments.lookAgain")}
        </Link>
        <Link to={back} className="button button--ghost">
          {t("training.back")}
        </Link>
      </p>
    </>
  );
}
