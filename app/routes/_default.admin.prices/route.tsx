import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth/role-guard.server";
import { refuse } from "~/.server/http/form-reply.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { publisherDetails } from "~/.server/legal/publisher.server";
import { payableTrainings, setPrice } from "~/.server/payments/prices.server";
import { sellerGaps } from "~/.server/payments/seller.server";
import { paymentsEnabled } from "~/.server/payments/stripe.server";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert } from "~/components/form/form";
import { priceSchema } from "~/forms/price";
import { parseWithZod } from "~/forms/submission";
import { useTranslation } from "~/i18n/react";
import { PriceForm } from "./price-form";

export const meta = titleMeta;

const decimal = (value: number) => (value / 100).toFixed(2).replace(/\.00$/, "");

/** /admin/prices: each payable training's price and VAT rate, what Stripe Checkout will charge. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  const lang = await localeOf(request);
  const t = await translator(lang, "admin");
  const legal = await translator(lang, "legal");
  const enabled = paymentsEnabled();
  return {
    title: t("prices.title"),
    enabled,
    // What keeps every training off sale though Stripe is set: the receipt's seller still unknown.
    sellerGaps: enabled ? sellerGaps(await publisherDetails()).map((field) => legal(`publisher.${field}`)) : [],
    saved: new URL(request.url).searchParams.get("saved"),
    trainings: (await payableTrainings(lang)).map((training) => ({
      slug: training.slug,
      title: training.title,
      archived: training.archived,
      amount: training.price ? decimal(training.price.amountCents) : "",
      vat: training.price ? decimal(training.price.vatBasisPoints) : "20",
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireRole(request, "admin");
  const submission = parseWithZod(await request.formData(), { schema: priceSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const { training, amount, vat } = submission.value;
  const outcome = await setPrice({ memberId: member.id }, training, { amountCents: amount, vatBasisPoints: vat });
  if (!outcome.ok) return refuse(submission.reply({ formErrors: ["payments.errors.noTraining"] }), 404);
  return redirect(`/admin/prices?saved=${encodeURIComponent(training)}`, 303);
}

export default function AdminPrices() {
  const { trainings, enabled, sellerGaps, saved } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const savedTitle = trainings.find((training) => training.slug === saved)?.title;
  return (
    <>
      <h1>{t("prices.title")}</h1>
      <p className="muted">{t("prices.lead")}</p>
      {enabled ? null : <FormAlert tone="info" lines={[t("prices.off")]} />}
      {sellerGaps.length > 0 ? (
        <>
          <FormAlert lines={[t("prices.sellerGaps"), ...sellerGaps.map((field) => `– ${field}`)]} />
          <p>
            <Link to="/admin/legal">{t("prices.sellerLink")}</Link>
          </p>
        </>
      ) : null}
      {savedTitle ? <FormAlert tone="success" lines={[t("prices.saved", { training: savedTitle })]} /> : null}
      {trainings.map((training) => (
        <PriceForm key={training.slug} training={training} reply={reply} />
      ))}
    </>
  );
}
