import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

/** Logging out is a POST (a link could be triggered by any page), so it is a small form. */
export function LogoutButton({ className = "button button--ghost" }: { className?: string }) {
  const { t } = useTranslation("auth");
  return (
    <Form method="post" action="/logout" reloadDocument>
      <button type="submit" className={className}>
        {t("logout.submit")}
      </button>
    </Form>
  );
}
