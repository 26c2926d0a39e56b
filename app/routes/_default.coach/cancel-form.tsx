import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/form/form";
import { formProps, useFormReply } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";
import { TextAreaField } from "~/components/form/text-area-field";

const isCancelAnswer = (reply: unknown) =>
  typeof reply === "object" &&
  reply !== null &&
  (reply as { initialValue?: { intent?: unknown } | null }).initialValue?.intent === "cancel";

/** Cancelling one session, with a reason for the member: open again when that reason was refused. */
export function CancelForm({
  booking,
  memberName,
  maxLength,
  reply,
}: {
  booking: string;
  memberName: string;
  maxLength: number;
  reply: unknown;
}) {
  const { t } = useTranslation("coaching");
  const [form, fields] = useFormReply<{ reason: string }>(
    // The cancel answer of this session's form only (one form per upcoming session).
    isCancelAnswer(reply) ? reply : undefined,
    { id: `cancel-${booking}`, intent: booking, key: "booking" },
  );
  return (
    <details open={Boolean(fields.reason.errors)}>
      <summary>{t("agenda.cancel")}</summary>
      <Form method="post" {...formProps(form)} className="confirm">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="booking" value={booking} />
        <TextAreaField
          label={t("agenda.reason", { name: memberName })}
          meta={fields.reason}
          hint={t("agenda.reasonHint", { max: maxLength })}
          ns="coaching"
          rows={3}
          maxLength={maxLength}
        />
        <SubmitButton pendingLabel={t("saving")} className="button button--danger">
          {t("agenda.cancelConfirm")}
        </SubmitButton>
      </Form>
    </details>
  );
}
