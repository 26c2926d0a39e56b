import { afterAll, beforeAll } from "vitest";
import { publisherDetails, savePublisherDetails } from "~/.server/legal/publisher.server";
import { setPrice } from "~/.server/payments/prices.server";
import { setPaymentSettings } from "~/.server/payments/stripe.server";
import { action as trainingAction } from "~/routes/_default.training.$training_slug._index";
import type { TestMember } from "./accounts";
import { type FakeStripe, startFakeStripe } from "./fake-stripe/server";
import { headerOf, postAs } from "./http";

export const PAYABLE = "tenir-le-cap";
export const WEBHOOK_SECRET = "whsec_test_cap_fake_stripe";

/**
 * A fake Stripe for a test file, with Cap's payment settings pointing at it while the file runs
 * (and back to the environment's after: the next file sees payments off, as without the key).
 */
export function fakeStripeForFile(): { current(): FakeStripe; withPaymentsOff<T>(run: () => Promise<T>): Promise<T> } {
  let fake: FakeStripe | undefined;
  const settings = () => ({
    secretKey: "sk_test_cap",
    webhookSecret: WEBHOOK_SECRET,
    apiBase: fake?.url,
    timeoutMs: 1_000,
  });
  beforeAll(async () => {
    fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
    setPaymentSettings(settings());
  });
  afterAll(async () => {
    setPaymentSettings(undefined);
    await fake?.close();
  });
  return {
    async withPaymentsOff(run) {
      setPaymentSettings(null);
      try {
        return await run();
      } finally {
        setPaymentSettings(settings());
      }
    },
    current() {
      if (!fake) throw new Error("the fake Stripe is not started");
      return fake;
    },
  };
}

/** The seller's details every receipt states; without them nothing is for sale. */
export const SELLER = {
  companyName: "Cap Formation",
  legalForm: "SAS",
  headOffice: "12 rue des Lilas, 69003 Lyon",
  registration: "RCS Lyon 912 345 678",
  vatNumber: "FR 32 912345678",
  email: "contact@cap.example",
};

/** The seller's details saved as an admin types them on /admin/legal (any other of the publisher's kept). */
export async function saveSeller(details: Partial<typeof SELLER> = SELLER) {
  await savePublisherDetails({ memberId: null }, { ...(await publisherDetails()), ...details });
}

/** The payable training at 49 € (VAT 20 %), as an admin sets it, with the seller's details it needs to be sold. */
export async function priceTraining(amountCents = 4_900, vatBasisPoints = 2_000) {
  await saveSeller();
  return setPrice({ memberId: null }, PAYABLE, { amountCents, vatBasisPoints });
}

/** The member presses "Acheter" on the training's page: the action's answer. */
export function pressBuy(member: TestMember, slug = PAYABLE) {
  return postAs(trainingAction, `/training/${slug}`, member, { intent: "buy" }, { training_slug: slug });
}

/** Presses "Acheter" and answers the Checkout session Stripe made. */
export async function startBuying(fake: FakeStripe, member: TestMember) {
  const answer = await pressBuy(member);
  const location = headerOf(answer, "Location") ?? "";
  const id = /\/pay\/(cs_\w+)$/.exec(location)?.[1];
  const session = id ? fake.sessions.get(id) : undefined;
  if (!session) throw new Error(`no checkout started (${location})`);
  return session;
}
