import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "~/forms/submission";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { dateFormat } from "~/.server/calendar/date-formats.server";
import { intentOf, refuse, refuseUnknownIntent, refuseWith } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { pageParam } from "~/.server/paging/paging.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { invitationRefusals } from "~/.server/team/contract.server";
import { invitationAction, invitationIntents, isInvitationIntent } from "~/.server/team/invitation-actions.server";
import { invitationActionSchema } from "~/.server/team/team-forms.server";
import { invitationPages } from "~/.server/team/invitations.server";
import { FormAlert, IntentButton } from "~/components/form/form";
import { useFormReply } from "~/components/form/form-reply";
import { titleMeta } from "~/components/document/page-title";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { Pagination } from "~/components/presentational/pagination";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

const INVITATIONS_PAGE_SIZE = 10;

export async function loader({ request }: LoaderFunctionArgs) {
  const { member, identity } = await requireMember(request);
  const t = await translator(request, "team");
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  const { sent, received } = await invitationPages(
    member.id,
    identity.traits.email,
    { page: pageParam(url), limit: INVITATIONS_PAGE_SIZE },
    { page: pageParam(url, "received"), limit: INVITATIONS_PAGE_SIZE },
  );
  // Dates written here, not in the browser: a page's first Intl formatter costs its main thread a
  // long task while it hydrates (the locale data: 25–40 ms here, 200–300 ms at 8× slower).
  const sentAt = dateFormat(await localeOf(request), { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return {
    title: t("invitations.title"),
    sent: sent.items.map((invitation) => ({ ...invitation, lastSent: sentAt.format(new Date(invitation.lastSentAt)) })),
    sentPage: { page: sent.page.page, pages: sent.page.pages },
    received: received.items,
    receivedPage: { page: received.page.page, pages: received.page.pages },
    done: isInvitationIntent(done) ? done : null,
  };
}

/** POST intent resend | revoke (sent ones) or accept | decline (received ones), with the id. */
export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requireMember(request);
  const formData = await request.formData();
  if (!intentOf(formData, invitationIntents)) return refuseUnknownIntent();
  const submission = parseWithZod(formData, { schema: invitationActionSchema });
  if (submission.status !== "success") return refuse(submission.reply({ formErrors: ["errors.notFound"] }));
  const { intent, id } = submission.value;
  const outcome = await invitationAction(signedIn, intent, id);
  if (!outcome.ok && outcome.error === "notFound") notFound(request);
  if (!outcome.ok) return refuseWith(submission, invitationRefusals[outcome.error]);
  return redirect(`/invitations?done=${intent}`, 303);
}

export default function Invitations() {
  const { sent, sentPage, received, receivedPage, done } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("team");
  // Every button of the page posts the same action; its refusal shows once, over the lists.
  const [form] = useFormReply(reply, { id: "invitation" });
  return (
    <>
      <h1>{t("invitations.title")}</h1>
      {done ? <FormAlert tone="success" lines={[t(`invitations.done.${done}`)]} /> : null}
      <FormAlert lines={form.errors?.map((error) => t(error))} />
      <UnknownIntentAlert reply={reply} />
      <InvitationSection
        id="received-title"
        title={t("invitations.receivedTitle")}
        none={received.length === 0 ? t("invitations.noneReceived") : null}
        pages={
          <Pagination
            {...receivedPage}
            param="received"
            hash="#received-title"
            label={t("invitations.receivedTitle")}
          />
        }
      >
        {received.map((invitation) => (
          <li key={invitation.id} className="card crew-card">
            <h3>{t("invitations.from", { name: invitation.inviterName })}</h3>
            <ul className="tags">
              <li className={invitation.status === "accepted" ? "tag tag--done" : "tag"}>
                {t(`status.${invitation.status}`)}
              </li>
            </ul>
            {invitation.status === "pending" ? (
              <Form method="post" className="actions">
                <input type="hidden" name="id" value={invitation.id} />
                <IntentButton intent="accept" pendingLabel={t("invitations.pending")}>
                  {t("invitations.accept")}
                </IntentButton>
                <IntentButton intent="decline" pendingLabel={t("invitations.pending")} look="ghost">
                  {t("invitations.decline")}
                </IntentButton>
              </Form>
            ) : null}
          </li>
        ))}
      </InvitationSection>
      <InvitationSection
        id="sent-title"
        title={t("invitations.sentTitle")}
        none={sent.length === 0 ? t("invitations.noneSent") : null}
        pages={<Pagination {...sentPage} hash="#sent-title" label={t("invitations.sentTitle")} />}
      >
        {sent.map((invitation) => (
          <li key={invitation.id} className="card crew-card">
            <h3>{invitation.name ?? invitation.email}</h3>
            <p className="muted">{invitation.email}</p>
            <ul className="tags">
              <li className={invitation.status === "accepted" ? "tag tag--done" : "tag"}>
                {t(`status.${invitation.status}`)}
              </li>
            </ul>
            <p className="muted">{t("invitations.lastSent", { date: invitation.lastSent })}</p>
            {invitation.status === "pending" ? (
              <Form method="post" className="actions">
                <input type="hidden" name="id" value={invitation.id} />
                {invitation.canResend ? (
                  <IntentButton intent="resend" pendingLabel={t("invitations.pending")}>
                    {t("invitations.resend")}
                  </IntentButton>
                ) : null}
                <IntentButton intent="revoke" pendingLabel={t("invitations.pending")} look="ghost">
                  {t("invitations.revoke")}
                </IntentButton>
              </Form>
            ) : null}
          </li>
        ))}
      </InvitationSection>
    </>
  );
}

/** The invitations received or sent: their cards (or the line saying there are none), then the other pages. */
function InvitationSection({
  id,
  title,
  none,
  pages,
  children,
}: {
  id: string;
  title: string;
  none: string | null;
  pages: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {none ? <p className="muted">{none}</p> : null}
      <ul className="crew-list">{children}</ul>
      {pages}
    </section>
  );
}
