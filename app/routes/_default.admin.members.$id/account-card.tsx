import { Form, useActionData } from "@remix-run/react";
import { FormAlert, SubmitButton, IntentButton } from "~/components/form/form";
import { useFormReply } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";
import { ButtonLink } from "~/components/presentational/button-link";

/**
 * Signing the member out everywhere, a new verification code while their address is unverified,
 * disabling or re-enabling their account, and the way to its deletion (a confirmation page).
 */
export function AccountCard({ id, state, verified }: { id: string; state: "active" | "inactive"; verified: boolean }) {
  const { t } = useTranslation("admin");
  const [form] = useFormReply(useActionData(), {
    id: "account",
    intent: ["signOutEverywhere", "resendVerification", "disable", "enable"],
  });
  const stateChange = state === "active" ? "disable" : "enable";
  return (
    <section className="card" aria-labelledby="account-title">
      <h2 id="account-title">{t("account.title")}</h2>
      <FormAlert lines={form.errors?.map((error) => t(error))} />
      <AccountAction intent="signOutEverywhere" />
      {verified ? null : <AccountAction intent="resendVerification" />}
      <Form method="post" className="form admin-action">
        <p>{t(`account.${stateChange}Lead`)}</p>
        <SubmitButton
          name="intent"
          value={stateChange}
          pendingLabel={t("account.pending")}
          className={stateChange === "disable" ? "button button--danger" : "button button--primary"}
        >
          {t(`account.${stateChange}`)}
        </SubmitButton>
      </Form>
      <div className="admin-action">
        <p>{t("account.deleteLead")}</p>
        <ButtonLink to={`/admin/members/${id}/delete`} tone="danger">
          {t("account.delete")}
        </ButtonLink>
      </div>
    </section>
  );
}

/** An action on the account that asks no confirmation: what it does, and its button. */
function AccountAction({ intent }: { intent: "signOutEverywhere" | "resendVerification" }) {
  const { t } = useTranslation("admin");
  return (
    <Form method="post" className="form admin-action">
      <p>{t(`account.${intent}Lead`)}</p>
      <IntentButton intent={intent} pendingLabel={t("account.pending")} look="ghost">
        {t(`account.${intent}`)}
      </IntentButton>
    </Form>
  );
}
