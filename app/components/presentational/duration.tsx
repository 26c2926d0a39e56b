import { useTranslation } from "~/i18n/react";

/**
 * A duration given in hours, to the minute: "45 minutes", "1 heure", "1 h 30" ("45 minutes",
 * "1 hour", "1 h 30 min"), never a decimal number of hours.
 */
export function Duration({ hours }: { hours: number }) {
  const { t } = useTranslation("trainings");
  const total = Math.round(hours * 60);
  const whole = Math.floor(total / 60);
  const minutes = total % 60;
  if (whole === 0) return <>{t("trainings.minutes", { count: minutes })}</>;
  if (minutes === 0) return <>{t("trainings.hours", { count: whole })}</>;
  return <>{t("trainings.hoursMinutes", { hours: whole, minutes: String(minutes).padStart(2, "0") })}</>;
}
