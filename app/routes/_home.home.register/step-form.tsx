import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type { CheckHandlers } from "~/components/form/client-checks";
import { type FieldMeta, FormAlert } from "~/components/form/form";
import { type FormMeta, fieldProps, formProps } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";
import { useRegistrationDraftStorage, useUserType } from "./draft-storage";

/**
 * The form of either registration step: kept in the local draft as it is typed, its general
 * errors on top, and the user type and the invitation carried along in hidden fields.
 */
export function StepForm({
  form,
  checks,
  userType,
  invitedId,
  children,
}: {
  form: FormMeta;
  checks: CheckHandlers;
  userType: FieldMeta;
  invitedId: FieldMeta;
  children: ReactNode;
}) {
  const { t } = useTranslation("auth");
  const formRef = useRegistrationDraftStorage();
  const sent = useUserType(String(userType.initialValue ?? ""));
  return (
    <Form method="post" {...formProps(form)} {...checks} className="form" ref={formRef} noValidate>
      <FormAlert lines={form.errors?.map((error) => t(error))} />
      <input type="hidden" id={userType.id} name={userType.name} value={sent} />
      <input {...fieldProps(invitedId, { type: "hidden" })} />
      {children}
    </Form>
  );
}
