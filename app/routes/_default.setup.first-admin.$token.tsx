import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { translator } from "~/.server/i18n/i18n.server";
import {
  becomeFirstAdmin,
  FIRST_ADMIN_LINK_MINUTES,
  type FirstAdminToken,
  firstAdminToken,
} from "~/.server/roles/first-admin.server";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert, SubmitButton } from "~/components/form/form";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/**
 * /setup/first-admin/<token>: the link a fresh install prints at start while no admin exists
 * (roles/first-admin.server.ts). The member signed in confirms, and becomes the first admin.
 */
/** A link that opens nothing is answered as such: not signed here, past its hour, or an admin exists. */
const REFUSED: Record<Exclude<FirstAdminToken, "valid">, number> = { forged: 404, expired: 410, taken: 409 };
const statusOf = (state: FirstAdminToken) => (state === "valid" ? 200 : REFUSED[state]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireMember(request);
  const t = await translator(request, "space");
  const state = await firstAdminToken(params.token ?? "");
  return data({ title: t("firstAdmin.title"), state }, { status: statusOf(state) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const state = await becomeFirstAdmin(params.token ?? "", member.id);
  if (state === "valid") return redirect("/admin/members", 303);
  return data({ state }, { status: statusOf(state) });
}

export default function FirstAdmin() {
  const loaded = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>()?.state ?? loaded.state;
  const { t } = useTranslation("space");
  return (
    <section className="card">
      <h1>{t("firstAdmin.title")}</h1>
      {state === "valid" ? (
        <Form method="post">
          <p>{t("firstAdmin.lead")}</p>
          <SubmitButton pendingLabel={t("saving")} className="button button--primary">
            {t("firstAdmin.confirm")}
          </SubmitButton>
        </Form>
      ) : (
        <FormAlert tone="info" lines={[t(`firstAdmin.${state}`, { minutes: FIRST_ADMIN_LINK_MINUTES })]} />
      )}
    </section>
  );
}
