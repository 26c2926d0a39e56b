import { recordReading } from "~/.server/audit/audit-log.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { languageName } from "~/.server/i18n/language-names.server";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { MAX_REASON_LENGTH } from "~/.server/admin/contract.server";
import { dateFormat } from "~/.server/calendar/date-formats.server";
import { MEMBER_SESSIONS_PAGE_SIZE, memberFile, sessionsOfMember } from "~/.server/admin/members.server";
import { requireRole } from "~/.server/auth/role-guard.server";
import { clientOf } from "~/.server/http/client.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { pageParam } from "~/.server/paging/paging.server";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert } from "~/components/form/form";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { useTranslation } from "~/i18n/react";
import { AccountCard } from "./account-card";
import { answerMemberPost, savedMessages } from "./intents.server";
import { RolesCard } from "./roles-card";
import { SessionsCard } from "./sessions-card";
import { TrainingsCard } from "./trainings-card";
import { PaymentsCard } from "./payments-card";
import { memberPayments } from "~/.server/payments/receipts.server";
import { TwoFactorCard } from "./two-factor-card";

export const meta = titleMeta;

/** /admin/members/<id>: a member as the operator sees them, and what the operator may change. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member: admin } = await requireRole(request, "admin");
  const file = await memberFile(params.id ?? "");
  if (!file) notFound(request);
  await recordReading(admin.id, { id: file.id, name: file.name });
  const lang = await localeOf(request);
  const day = dateFormat(lang, { dateStyle: "long", timeZone: admin.time_zone });
  const when = dateFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone: admin.time_zone });
  const url = new URL(request.url);
  const saved = url.searchParams.get("saved");
  const sessions = await sessionsOfMember(file.id, {
    page: pageParam(url, "sessions"),
    limit: MEMBER_SESSIONS_PAGE_SIZE,
  });
  const shown = (line: (typeof sessions.upcoming)[number]) => ({ ...line, when: when.format(new Date(line.startsAt)) });
  return {
    title: file.name,
    member: {
      ...file,
      language: languageName(lang, file.lang),
      since: day.format(new Date(file.createdAt)),
      twoFactorSince: file.twoFactorSince ? day.format(new Date(file.twoFactorSince)) : null,
    },
    sessions: {
      upcoming: sessions.upcoming.map(shown),
      past: sessions.past.map(shown),
      page: { page: sessions.page.page, pages: sessions.page.pages },
    },
    trainings: file.trainings.map((training) => ({ ...training, title: training.title[lang] })),
    payments: (await memberPayments(lang, file.id)).map((payment) => ({
      ...payment,
      date: day.format(new Date(payment.paidAt ?? payment.createdAt)),
    })),
    saved: savedMessages.find((key) => key === saved) ?? null,
    own: file.id === admin.id,
    maxReason: MAX_REASON_LENGTH,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { member: admin } = await requireRole(request, "admin");
  const formData = await request.formData();
  return answerMemberPost({
    adminId: admin.id,
    memberId: params.id ?? "",
    formData,
    client: clientOf(request, context),
  });
}

export default function AdminMember() {
  const { member, trainings, payments, sessions, saved, own, maxReason } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <>
      <p>
        <Link to="/admin/members">{t("member.back")}</Link>
      </p>
      <h1>{member.name}</h1>
      {saved ? <FormAlert tone="success" lines={[t(`saved.${saved}`)]} /> : null}
      <UnknownIntentAlert reply={useActionData()} />
      <section className="card" aria-labelledby="details-title">
        <h2 id="details-title">{t("member.details")}</h2>
        <dl className="admin-details">
          <dt>{t("member.email")}</dt>
          <dd>{member.email ?? t("member.emailUnknown")}</dd>
          <dt>{t("member.state")}</dt>
          <dd>
            <span className={member.state === "active" ? "tag tag--done" : "tag tag--late"}>
              {t(`member.${member.state}`)}
            </span>{" "}
            {t(member.verified ? "member.verified" : "member.unverified")}
          </dd>
          <dt>{t("member.language")}</dt>
          <dd>{member.language}</dd>
          <dt>{t("member.since")}</dt>
          <dd>{member.since}</dd>
        </dl>
        <p>{t("member.devices", { count: member.devices })}</p>
        <p>
          <Link to={`/admin/audit?member=${member.id}`}>{t("member.auditLink")}</Link>
        </p>
      </section>
      <TrainingsCard trainings={trainings} />
      <PaymentsCard memberId={member.id} payments={payments} />
      <SessionsCard {...sessions} />
      <RolesCard roles={member.roles} />
      <TwoFactorCard since={member.twoFactorSince} own={own} maxReason={maxReason} />
      <AccountCard id={member.id} state={member.state} verified={member.verified} />
    </>
  );
}
