import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { memberRefusals } from "~/.server/admin/contract.server";
import { deleteMemberAccount } from "~/.server/admin/member-account.server";
import { memberFile, sessionsOfMember } from "~/.server/admin/members.server";
import { requireRole } from "~/.server/auth/role-guard.server";
import { refuse, refuseUnknownIntent } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { translator } from "~/.server/i18n/i18n.server";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert, IntentButton } from "~/components/form/form";
import { pageErrorsOf } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/**
 * /admin/members/<id>/delete: the confirmation step of an account's deletion (a page of its own, so
 * that it works without JavaScript): what goes, what the member's coaches are told, then the button.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member: admin } = await requireRole(request, "admin");
  const file = await memberFile(params.id ?? "");
  if (!file) notFound(request);
  const t = await translator(request, "admin");
  const { upcoming } = await sessionsOfMember(file.id, { page: 1, limit: 1 });
  // Deletion cancels the sessions not started yet; one under way is left to end.
  const now = Date.now();
  const toCancel = upcoming.filter((session) => Date.parse(session.startsAt) > now);
  return {
    title: t("delete.title", { name: file.name }),
    member: { id: file.id, name: file.name, email: file.email, admin: file.roles.includes("admin") },
    own: file.id === admin.id,
    upcoming: toCancel.length,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member: admin } = await requireRole(request, "admin");
  const formData = await request.formData();
  if (formData.get("intent") !== "delete") return refuseUnknownIntent();
  const outcome = await deleteMemberAccount(admin.id, params.id ?? "");
  if (outcome.ok) return redirect("/admin/members?saved=deleted", 303);
  const refusal = memberRefusals[outcome.error];
  return refuse({ status: "error", initialValue: null, error: { "": [refusal.message] } }, refusal.status);
}

export default function DeleteMember() {
  const { member, own, upcoming } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const errors = pageErrorsOf(useActionData());
  return (
    <>
      <p>
        <Link to={`/admin/members/${member.id}`}>{t("delete.back", { name: member.name })}</Link>
      </p>
      <h1>{t("delete.title", { name: member.name })}</h1>
      <FormAlert lines={errors?.map((error) => t(error))} />
      <section className="card" aria-labelledby="delete-what">
        <h2 id="delete-what">{t("delete.what")}</h2>
        <ul>
          <li>{t("delete.account", { email: member.email ?? t("member.emailUnknown") })}</li>
          <li>{t("delete.data")}</li>
          <li>{upcoming ? t("delete.sessions", { count: upcoming }) : t("delete.sessionsNone")}</li>
          <li>{t("delete.audit")}</li>
        </ul>
        {own ? (
          <p>{t("delete.own")}</p>
        ) : (
          <Form method="post" className="form admin-action">
            <p>{t("delete.final")}</p>
            <IntentButton intent="delete" pendingLabel={t("account.pending")} look="danger">
              {t("delete.confirm", { name: member.name })}
            </IntentButton>
          </Form>
        )}
      </section>
    </>
  );
}
