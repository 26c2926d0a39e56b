import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { notFound } from "~/.server/http/not-found.server";
import { env } from "~/.server/config/env.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { recentMail } from "~/.server/mail/outbox.server";
import { titleMeta } from "~/components/document/page-title";
import { useTranslation } from "~/i18n/react";
import styles from "~/styles/dev-mailbox.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta = titleMeta;

/**
 * /dev/mailbox: the latest outbox messages, readable without a mail server. Only with
 * DEV_MAILBOX=1 (`npm run dev` sets it), and never in production.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const config = env();
  if (!config.DEV_MAILBOX || config.NODE_ENV === "production") notFound(request);
  const t = await translator(request, "mailbox");
  const formatDate = new Intl.DateTimeFormat(await localeOf(request), { dateStyle: "medium", timeStyle: "long" });
  const messages = (await recentMail(50)).map((mail) => ({
    id: mail.id,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    status: mail.status,
    attempts: mail.attempts,
    lastError: mail.lastError,
    createdAt: mail.createdAt.toISOString(),
    // Formatted here so that the browser shows the very same text when it hydrates.
    created: formatDate.format(mail.createdAt),
  }));
  return { title: t("title"), messages };
}

export default function DevMailbox() {
  const { messages } = useLoaderData<typeof loader>();
  const { t } = useTranslation("mailbox");
  return (
    <main id="main" className="container section mailbox">
      <h1>{t("title")}</h1>
      <p className="lead">{t("lead")}</p>
      {messages.length === 0 ? (
        <p>{t("empty")}</p>
      ) : (
        <ol className="mailbox__list">
          {messages.map((mail, index) => (
            <li key={mail.id} className="card">
              <h2 className="mailbox__subject">{mail.subject}</h2>
              <dl className="mailbox__meta">
                <dt>{t("to")}</dt>
                <dd>{mail.to}</dd>
                <dt>{t("status")}</dt>
                <dd>
                  {t(`statuses.${mail.status}`)}
                  {mail.attempts > 0 ? ` · ${t("attempts", { count: mail.attempts })}` : null}
                </dd>
                <dt>{t("created")}</dt>
                <dd>
                  <time dateTime={mail.createdAt}>{mail.created}</time>
                </dd>
              </dl>
              {mail.status === "pending" && mail.lastError ? (
                <p className="mailbox__error">{t("lastError", { error: mail.lastError })}</p>
              ) : null}
              <details open={index === 0}>
                <summary>{t("read")}</summary>
                <pre className="mailbox__text">
                  <LinkedText text={mail.text} />
                </pre>
              </details>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}

/** The text with its http(s) URLs as links (split with a capture group: odd parts are URLs). */
function LinkedText({ text }: { text: string }) {
  return text.split(/(https?:\/\/[^\s<>"]+)/g).map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in their order for good
      <a key={index} href={part}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}
