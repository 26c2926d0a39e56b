import { Form, useActionData } from "@remix-run/react";
import { FormAlert, SubmitButton } from "~/components/form/form";
import { useFormReply } from "~/components/form/form-reply";
import { ROLES } from "~/forms/roles";
import { useTranslation } from "~/i18n/react";

/** The member's roles: one small form per role, giving or withdrawing it. */
export function RolesCard({ roles }: { roles: readonly string[] }) {
  const { t } = useTranslation("admin");
  const [form] = useFormReply(useActionData(), { id: "roles", intent: ["grant", "withdraw"] });
  return (
    <section className="card" aria-labelledby="roles-title">
      <h2 id="roles-title">{t("roles.title")}</h2>
      <p className="muted">{t("roles.lead")}</p>
      <FormAlert
        lines={Object.values(form.allErrors)
          .flat()
          .map((error) => t(error))}
      />
      <ul className="admin-roles">
        {ROLES.map((role) => {
          const held = roles.includes(role);
          const change = held ? "withdraw" : "grant";
          return (
            <li key={role}>
              <span className={held ? "tag tag--done" : "tag"}>{t(`roles.${role}`)}</span>
              <Form method="post">
                <input type="hidden" name="role" value={role} />
                <SubmitButton
                  name="intent"
                  value={change}
                  pendingLabel={t("roles.pending")}
                  className={held ? "button button--ghost" : "button button--primary"}
                >
                  {t(`roles.${change}`, { role: t(`roles.${role}`) })}
                </SubmitButton>
              </Form>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
