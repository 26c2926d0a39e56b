import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requestRecovery } from "~/.server/accounts/recovery.server";
import { clearTokenCookie } from "~/.server/auth/token-cookie.server";
import { translator } from "~/.server/i18n/i18n.server";
import { clientOf } from "~/.server/http/client.server";
import { notMeLinkState, reportNotMe } from "~/.server/security/not-me.server";
import { SubmitButton } from "~/components/form/form";
import { titleMeta } from "~/components/document/page-title";
import { useTranslation } from "~/i18n/react";
import { ButtonLink } from "~/components/presentational/button-link";

export const meta = titleMeta;

/** A used link is gone (410); an expired, forged or missing one, not found (404). */
const STATUS = { open: 200, used: 410, invalid: 404 } as const;
const TITLE = { open: "notMe.title", used: "notMe.usedTitle", invalid: "notMe.invalidTitle" } as const;

/**
 * /security/not-me?token=…: the "this wasn't me" link of a security notice. The token is the only
 * key, so no guard: the member may be signed out, or signed in as whoever took the account (and
 * an unverified address must not stand between them and this page). A GET only explains; the
 * confirmation is a POST.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const state = await notMeLinkState(token);
  const t = await translator(request, "auth");
  return data({ title: t(TITLE[state]), state, token: state === "open" ? token : "" }, { status: STATUS[state] });
}

/**
 * POST: every session ends (this browser's too), the link is spent, a password recovery starts (a
 * code by mail, the usual recovery page). The recovery's own limits hold: when they are full, there
 * is no code and the member asks later.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const token = (await request.formData()).get("token");
  const outcome = await reportNotMe(typeof token === "string" ? token : "");
  if (!outcome.ok) return data({ done: false as const, state: outcome.error }, { status: STATUS[outcome.error] });
  const recovery = outcome.email
    ? await requestRecovery(outcome.email, outcome.lang, clientOf(request, context))
    : null;
  const codeId = recovery?.ok ? recovery.codeId : null;
  return data(
    { done: true as const, next: codeId ? `/home/new-password-${codeId}` : null },
    { headers: { "Set-Cookie": await clearTokenCookie() } },
  );
}

export default function NotMe() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  if (reply?.done) {
    return (
      <>
        <h1>{t("notMe.doneTitle")}</h1>
        <p role="status">{t(reply.next ? "notMe.done" : "notMe.doneNoCode")}</p>
        <p>
          <ButtonLink to={reply.next ?? "/home/forgot-password"} size="block">
            {t(reply.next ? "notMe.next" : "notMe.nextNoCode")}
          </ButtonLink>
        </p>
      </>
    );
  }
  const state = reply ? reply.state : loaded.state;
  if (state !== "open") {
    return (
      <>
        <h1>{t(TITLE[state])}</h1>
        <p>{t(state === "used" ? "notMe.used" : "notMe.invalid")}</p>
        <p className="form-links">
          <Link to="/home/forgot-password">{t("notMe.nextNoCode")}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1>{t("notMe.title")}</h1>
      <p className="muted">{t("notMe.lead")}</p>
      <p>{t("notMe.explain")}</p>
      <Form method="post" className="form">
        <input type="hidden" name="token" value={loaded.token} />
        <SubmitButton pendingLabel={t("notMe.confirming")}>{t("notMe.confirm")}</SubmitButton>
      </Form>
    </>
  );
}
