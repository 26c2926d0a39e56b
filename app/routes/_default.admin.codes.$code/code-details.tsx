import { useTranslation } from "~/i18n/react";

type Details = {
  training: string;
  uses: number;
  maxUses: number | null;
  expires: string | null;
  created: string;
  state: "active" | "disabled" | "expired" | "usedUp";
  note: string | null;
};

/** What a code opens and how far it has gone: training, state, uses, expiry, note. */
export function CodeDetails({ code }: { code: Details }) {
  const { t } = useTranslation("admin");
  return (
    <section className="card" aria-labelledby="code-details-title">
      <h2 id="code-details-title">{t("codes.details")}</h2>
      <dl className="admin-details">
        <dt>{t("codes.fields.training")}</dt>
        <dd>{code.training}</dd>
        <dt>{t("codes.stateLabel")}</dt>
        <dd>
          <span className={code.state === "active" ? "tag tag--done" : "tag tag--late"}>
            {t(`codes.state.${code.state}`)}
          </span>
        </dd>
        <dt>{t("codes.usesLabel")}</dt>
        <dd>
          {code.maxUses === null
            ? t("codes.usesUnlimited", { count: code.uses })
            : t("codes.usesOf", { count: code.uses, max: code.maxUses })}
        </dd>
        <dt>{t("codes.expiryLabel")}</dt>
        <dd>{code.expires ? t("codes.lastDay", { date: code.expires }) : t("codes.noExpiry")}</dd>
        <dt>{t("codes.createdLabel")}</dt>
        <dd>{code.created}</dd>
        <dt>{t("codes.noteLabel")}</dt>
        <dd>{code.note ?? t("codes.noNote")}</dd>
      </dl>
    </section>
  );
}
