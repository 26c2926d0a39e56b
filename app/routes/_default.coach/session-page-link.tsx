import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

/** From an agenda card to the session's own page, where the member's prep shows. */
export function SessionPageLink({ base, id, memberName }: { base: string; id: string; memberName: string }) {
  const { t } = useTranslation("coaching");
  return (
    <p>
      <Link to={`${base}/sessions/${id}`}>{t("prep.coach.openFor", { name: memberName })}</Link>
    </p>
  );
}
