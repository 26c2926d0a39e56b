import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "~/forms/submission";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth/role-guard.server";
import { dateFormat } from "~/.server/calendar/date-formats.server";
import { intentOf, refuse, refuseUnknownIntent, refuseWith } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { pageParam } from "~/.server/paging/paging.server";
import { CODE_USES_PAGE_SIZE, codeRefusals, codeStateSchema } from "~/.server/trainings/access-code-contract.server";
import { codeLine, codeUses, setCodeDisabled } from "~/.server/trainings/access-codes.server";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert } from "~/components/form/form";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { Pagination } from "~/components/presentational/pagination";
import { useTranslation } from "~/i18n/react";
import { CodeDetails } from "./code-details";
import { StateCard } from "./state-card";

export const meta = titleMeta;

const savedMessages = ["created", "disabled", "enabled"] as const;

/** /admin/codes/<code>: a code, who used it and when, and disabling or enabling it again. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member: admin } = await requireRole(request, "admin");
  const line = await codeLine(params.code ?? "");
  if (!line) notFound(request);
  const lang = await localeOf(request);
  const url = new URL(request.url);
  const { items, page } = await codeUses(line.code, { page: pageParam(url), limit: CODE_USES_PAGE_SIZE });
  const day = dateFormat(lang, { dateStyle: "long", timeZone: admin.time_zone });
  const moment = dateFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone: admin.time_zone });
  const saved = url.searchParams.get("saved");
  return {
    title: line.code,
    code: {
      code: line.code,
      training: line.training.title[lang],
      uses: line.uses,
      maxUses: line.maxUses,
      expires: line.lastMoment ? day.format(line.lastMoment) : null,
      created: day.format(line.createdAt),
      state: line.state,
      disabled: line.disabledAt !== null,
      note: line.note,
    },
    uses: items.map((use) => ({ memberId: use.memberId, name: use.name, at: moment.format(use.usedAt) })),
    page: { page: page.page, pages: page.pages, total: page.total },
    saved: savedMessages.find((key) => key === saved) ?? null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member: admin } = await requireRole(request, "admin");
  const line = await codeLine(params.code ?? "");
  if (!line) notFound(request);
  const formData = await request.formData();
  const intent = intentOf(formData, ["disable", "enable"] as const);
  if (!intent) return refuseUnknownIntent();
  const submission = parseWithZod(formData, { schema: codeStateSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const outcome = await setCodeDisabled({ memberId: admin.id }, line.code, intent === "disable");
  if (!outcome.ok) return refuseWith(submission, codeRefusals[outcome.error]);
  return redirect(`/admin/codes/${line.code}?saved=${intent}d`, 303);
}

export default function AdminCode() {
  const { code, uses, page, saved } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <>
      <p>
        <Link to="/admin/codes">{t("codes.back")}</Link>
      </p>
      <h1>
        <code>{code.code}</code>
      </h1>
      {saved ? <FormAlert tone="success" lines={[t(`codes.saved.${saved}`)]} /> : null}
      <UnknownIntentAlert reply={useActionData()} />
      <CodeDetails code={code} />
      <section className="card" aria-labelledby="uses-title">
        <h2 id="uses-title">{t("codes.usesTitle")}</h2>
        <p className="muted">{t("codes.usesCount", { count: page.total })}</p>
        {uses.length === 0 ? null : (
          <ul className="admin-roles">
            {uses.map((use) => (
              <li key={use.memberId}>
                <Link to={`/admin/members/${use.memberId}`}>{use.name}</Link>
                <span className="muted">{use.at}</span>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page.page} pages={page.pages} label={t("codes.usesPages")} hash="#uses-title" />
      </section>
      <StateCard disabled={code.disabled} />
    </>
  );
}
