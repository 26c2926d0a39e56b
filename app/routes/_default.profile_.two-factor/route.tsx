import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { clientOf } from "~/.server/http/client.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { twoFactorState } from "~/.server/two-factor/two-factor.server";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert } from "~/components/form/form";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { useTranslation } from "~/i18n/react";
import { answerTwoFactorPost } from "./intents.server";
import { PasswordStep } from "./password-step";
import { PairingForm, type PairingView } from "./pairing-form";
import { RecoveryCodes } from "./recovery-codes";

export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireMember(request);
  const t = await translator(request, "profile");
  const saved = new URL(request.url).searchParams.get("saved") === "removed";
  return { title: t("twoFactor.title"), state: await twoFactorState(signedIn, await localeOf(request)), saved };
}

/** POST /profile/two-factor: set up, confirm, regenerate the recovery codes, remove (./intents.server.ts). */
export async function action({ request, context }: ActionFunctionArgs) {
  const signedIn = await requireMember(request);
  const formData = await request.formData();
  return answerTwoFactorPost({ signedIn, formData, client: clientOf(request, context) });
}

/** What an action answers beside a form's reply: the pairing being set up, or the codes to show once. */
type Shown = { pairing?: PairingView; recoveryCodes?: string[] };

export default function TwoFactorPage() {
  const { state, saved } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("profile");
  const shown = (reply ?? {}) as Shown;
  return (
    <>
      <header className="page-header">
        <p>
          <Link to="/profile">{t("twoFactor.back")}</Link>
        </p>
        <h1>{t("twoFactor.title")}</h1>
        <p className="lead">{t("twoFactor.lead")}</p>
      </header>
      <UnknownIntentAlert reply={reply} />
      {saved ? <FormAlert tone="success" lines={[t("twoFactor.removed")]} /> : null}
      <div className="profile">
        {shown.recoveryCodes ? (
          <RecoveryCodes codes={shown.recoveryCodes} />
        ) : shown.pairing ? (
          <PairingForm pairing={shown.pairing} />
        ) : state.since ? (
          <>
            <section className="card" aria-labelledby="two-factor-state">
              <h2 id="two-factor-state">{t("twoFactor.on.title")}</h2>
              <p>{t("twoFactor.on.since", { date: state.since })}</p>
              <p>{t("twoFactor.on.codesLeft", { count: state.recoveryCodesLeft })}</p>
            </section>
            <PasswordStep intent="regenerate" />
            <PasswordStep intent="remove" />
          </>
        ) : (
          <PasswordStep intent="start" />
        )}
      </div>
    </>
  );
}
