import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { coachesRefusals } from "~/.server/admin/contract.server";
import { requireRole } from "~/.server/auth/role-guard.server";
import { dateFormat } from "~/.server/calendar/date-formats.server";
import { coachById } from "~/.server/coaching/coaches/coach-profile.server";
import { retireCoach, sessionsToCancel } from "~/.server/coaching/coaches/coach-retirement.server";
import { intentOf, refuse, refuseUnknownIntent } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert, SubmitButton } from "~/components/form/form";
import { useFormReply } from "~/components/form/form-reply";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/**
 * /admin/coaches/<id>/retire — the confirmation step of retiring a coach: the
 * future sessions it cancels, each member told; then the coach is no longer offered to members.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member: admin } = await requireRole(request, "admin");
  const coach = await coachById(params.id ?? "");
  if (!coach) notFound(request);
  const t = await translator(request, "admin");
  const when = dateFormat(await localeOf(request), {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: admin.time_zone,
  });
  const sessions = coach.retired ? [] : await sessionsToCancel(coach.id);
  return {
    title: t("coaches.retire.title", { name: coach.name }),
    coach: { id: coach.id, name: coach.name, retired: coach.retired },
    sessions: sessions.map((session) => ({
      id: session.id,
      member: session.member,
      when: when.format(session.startsAt),
    })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member: admin } = await requireRole(request, "admin");
  const coach = await coachById(params.id ?? "");
  if (!coach) notFound(request);
  const formData = await request.formData();
  if (!intentOf(formData, ["retire"])) return refuseUnknownIntent();
  const outcome = await retireCoach(admin.id, coach.id);
  if (!outcome.ok) {
    const refusal = coachesRefusals[outcome.error];
    return refuse(
      { status: "error", initialValue: { intent: "retire" }, error: { "": [refusal.message] } },
      refusal.status,
    );
  }
  return redirect(`/admin/coaches/${coach.id}?saved=retired`, 303);
}

export default function RetireCoach() {
  const { coach, sessions } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const [form] = useFormReply(reply, { id: "retire", intent: "retire" });
  return (
    <>
      <p>
        <Link to={`/admin/coaches/${coach.id}`}>{t("coaches.retire.back", { name: coach.name })}</Link>
      </p>
      <h1>{t("coaches.retire.title", { name: coach.name })}</h1>
      <UnknownIntentAlert reply={reply} />
      {coach.retired ? (
        <p>{t("coaches.errors.alreadyRetired")}</p>
      ) : (
        <section className="card" aria-labelledby="retire-sessions">
          <h2 id="retire-sessions">
            {sessions.length === 0
              ? t("coaches.retire.none")
              : t("coaches.retire.sessions", { count: sessions.length })}
          </h2>
          {sessions.length === 0 ? null : (
            <ul>
              {sessions.map((session) => (
                <li key={session.id}>{t("coaches.retire.session", { when: session.when, member: session.member })}</li>
              ))}
            </ul>
          )}
          <p>{t("coaches.retire.lead")}</p>
          <Form method="post" className="form" id={form.id}>
            <FormAlert lines={form.errors?.map((error) => t(error))} />
            <SubmitButton
              name="intent"
              value="retire"
              pendingLabel={t("coaches.pending")}
              className="button button--danger"
            >
              {t("coaches.retire.submit", { name: coach.name })}
            </SubmitButton>
          </Form>
        </section>
      )}
    </>
  );
}
