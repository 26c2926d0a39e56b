import { parseWithZod } from "~/forms/submission";
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { COACHES_PAGE_SIZE, coachesPage, makeCoachByEmail } from "~/.server/admin/coaches.server";
import { coachesRefusals, makeCoachSchema } from "~/.server/admin/contract.server";
import { requireRole } from "~/.server/auth/role-guard.server";
import { intentOf, refuse, refuseUnknownIntent, refuseWith } from "~/.server/http/form-reply.server";
import { translator } from "~/.server/i18n/i18n.server";
import { pageParam } from "~/.server/paging/paging.server";
import { titleMeta } from "~/components/document/page-title";
import { Field, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { Pagination } from "~/components/presentational/pagination";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/** /admin/coaches: every coach, a page at a time, and making a member a coach by their address. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  const t = await translator(request, "admin");
  const { items, page } = await coachesPage({ page: pageParam(new URL(request.url)), limit: COACHES_PAGE_SIZE });
  return { title: t("coaches.title"), coaches: items, page: { page: page.page, pages: page.pages, total: page.total } };
}

export async function action({ request }: ActionFunctionArgs) {
  const { member: admin } = await requireRole(request, "admin");
  const formData = await request.formData();
  if (!intentOf(formData, ["makeCoach"])) return refuseUnknownIntent();
  const submission = parseWithZod(formData, { schema: makeCoachSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const made = await makeCoachByEmail(admin.id, submission.value.email);
  if (!made.ok) return refuseWith(submission, coachesRefusals[made.error]);
  return redirect(`/admin/coaches/${made.coachId}?saved=made`, 303);
}

export default function AdminCoaches() {
  const { coaches, page } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const [form, fields] = useFormReply<{ email: string }>(reply, { id: "make-coach", intent: "makeCoach" });
  return (
    <>
      <h1>{t("coaches.title")}</h1>
      <UnknownIntentAlert reply={reply} />
      <section className="card" aria-labelledby="make-coach-title">
        <h2 id="make-coach-title">{t("coaches.make.title")}</h2>
        <p className="muted">
          {t("coaches.make.lead")} <Link to="/admin/members">{t("coaches.make.search")}</Link>
        </p>
        <Form method="post" {...formProps(form)} className="form" noValidate>
          <FormAlert lines={form.errors?.map((error) => t(error))} />
          <Field meta={fields.email} label={t("coaches.make.email")} ns="admin">
            <input {...fieldProps(fields.email, { type: "email" })} required maxLength={254} autoComplete="off" />
          </Field>
          <SubmitButton
            name="intent"
            value="makeCoach"
            pendingLabel={t("coaches.pending")}
            className="button button--primary"
          >
            {t("coaches.make.submit")}
          </SubmitButton>
        </Form>
      </section>
      <p className="muted">{t("coaches.count", { count: page.total })}</p>
      <ul className="admin-list">
        {coaches.map((coach) => (
          <li key={coach.id} className="card">
            <h2>
              <Link to={`/admin/coaches/${coach.id}`}>{coach.name}</Link>
            </h2>
            <ul className="tags">
              <li className={coach.retired ? "tag tag--late" : "tag tag--done"}>
                {t(coach.retired ? "coaches.retired" : "coaches.active")}
              </li>
              <li className="tag">{t("coaches.upcoming", { count: coach.upcoming })}</li>
            </ul>
            <p className="muted">
              {coach.member ? (
                <>
                  {t("coaches.member")} <Link to={`/admin/members/${coach.member.id}`}>{coach.member.name}</Link>
                </>
              ) : (
                t("coaches.noMember")
              )}
            </p>
          </li>
        ))}
      </ul>
      <Pagination page={page.page} pages={page.pages} label={t("coaches.pages")} />
    </>
  );
}
