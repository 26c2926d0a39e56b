import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

export type CodeLineView = {
  code: string;
  training: string;
  uses: number;
  maxUses: number | null;
  expires: string | null;
  state: "active" | "disabled" | "expired" | "usedUp";
  note: string | null;
};

const stateTags = { active: "tag tag--done", disabled: "tag tag--late", expired: "tag", usedUp: "tag" };

/** One access code in the operator's list: the code (to its page), its training, uses, expiry, state and note. */
export function CodeLineCard({ line }: { line: CodeLineView }) {
  const { t } = useTranslation("admin");
  return (
    <>
      <h2>
        <Link to={`/admin/codes/${line.code}`}>
          <code>{line.code}</code>
        </Link>
      </h2>
      <p>{line.training}</p>
      <p className="muted">
        <span className={stateTags[line.state]}>{t(`codes.state.${line.state}`)}</span>{" "}
        {line.maxUses === null
          ? t("codes.usesUnlimited", { count: line.uses })
          : t("codes.usesOf", { count: line.uses, max: line.maxUses })}
        {" · "}
        {line.expires ? t("codes.expires", { date: line.expires }) : t("codes.noExpiry")}
      </p>
      {line.note ? <p className="muted">{line.note}</p> : null}
    </>
  );
}
