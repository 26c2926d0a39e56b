import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/form/form";
import { useTranslation } from "~/i18n/react";

/**
 * Once a session has started, the coach marks it attended or missed: two
 * buttons of one form, the current mark said in words; marking again corrects it.
 */
export function AttendanceForm({
  booking,
  memberName,
  attendance,
}: {
  booking: string;
  memberName: string;
  attendance: "attended" | "missed" | null;
}) {
  const { t } = useTranslation("coaching");
  return (
    <Form method="post" className="actions" aria-label={t("agenda.attendance.label", { name: memberName })}>
      <p className={attendance ? undefined : "muted"}>
        {t(attendance ? `agenda.attendance.${attendance}` : "agenda.attendance.unmarked", { name: memberName })}
      </p>
      <input type="hidden" name="intent" value="attendance" />
      <input type="hidden" name="booking" value={booking} />
      <SubmitButton name="attendance" value="attended" pendingLabel={t("saving")} className="button button--ghost">
        {t("agenda.attendance.markAttended")}
      </SubmitButton>
      <SubmitButton name="attendance" value="missed" pendingLabel={t("saving")} className="button button--ghost">
        {t("agenda.attendance.markMissed")}
      </SubmitButton>
    </Form>
  );
}
