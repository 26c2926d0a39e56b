import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { translator } from "~/.server/i18n/i18n.server";
import { readUnsubscribeToken } from "~/.server/mail/unsubscribe-links.server";
import { isNotificationKind, switchOff } from "~/.server/notifications/settings.server";
import { titleMeta } from "~/components/document/page-title";
import { SubmitButton } from "~/components/form/form";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/**
 * /unsubscribe/{token}: a notification's one-click unsubscribe link, no sign-in
 * needed — the signed token names the member and the kind. GET asks to confirm (a link opened by
 * a mail scanner changes nothing); POST switches the kind off, from this page's button or from
 * the mail client itself (RFC 8058: `List-Unsubscribe=One-Click`, no page involved).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await translator(request, "profile");
  const link = readUnsubscribeToken(params.token ?? "", isNotificationKind);
  if (!link.ok) {
    const title = t(link.expired ? "unsubscribe.expiredTitle" : "unsubscribe.invalidTitle");
    return data({ title, kind: null, expired: link.expired }, { status: link.expired ? 410 : 404 });
  }
  return { title: t("unsubscribe.title"), kind: link.kind };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const t = await translator(request, "profile");
  const link = readUnsubscribeToken(params.token ?? "", isNotificationKind);
  if (!link.ok) return data({ done: false }, { status: link.expired ? 410 : 404 });
  await switchOff(link.memberId, link.kind);
  return { title: t("unsubscribe.doneTitle"), done: true };
}

export default function Unsubscribe() {
  const loaded = useLoaderData<typeof loader>();
  const { kind } = loaded;
  const expired = "expired" in loaded && loaded.expired;
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("profile");
  const kindName = kind ? t(`notifications.kinds.${kind}.label`) : "";
  const [heading, text] = !kind
    ? expired
      ? [t("unsubscribe.expiredTitle"), t("unsubscribe.expired")]
      : [t("unsubscribe.invalidTitle"), t("unsubscribe.invalid")]
    : answer?.done
      ? [t("unsubscribe.doneTitle"), t("unsubscribe.done", { kind: kindName })]
      : [t("unsubscribe.title"), t("unsubscribe.question", { kind: kindName })];
  return (
    <section className="container section">
      <div className="card auth-card">
        <h1>{heading}</h1>
        <p>{text}</p>
        {kind && !answer?.done ? (
          <Form method="post" className="form">
            <p className="muted">{t("unsubscribe.explain")}</p>
            <SubmitButton pendingLabel={t("unsubscribe.pending")}>{t("unsubscribe.confirm")}</SubmitButton>
          </Form>
        ) : null}
        <p>
          <Link to="/profile/notifications">{t("unsubscribe.settings")}</Link>
        </p>
      </div>
    </section>
  );
}
