import { useTranslation } from "~/i18n/react";

/** A duration given in hours, said in minutes under an hour ("15 minutes", "1.5 heures"). */
export function Duration({ hours }: { hours: number }) {
  const { t } = useTranslation("trainings");
  return (
    <>
      {hours < 1 ? t("trainings.minutes", { count: Math.round(hours * 60) }) : t("trainings.hours", { count: hours })}
    </>
  );
}
