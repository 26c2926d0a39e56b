import { useTranslation } from "~/i18n/react";

/** The coach's notice as the member's session page tells it. */
export type NoticeView =
  | { inside: false; date: string; time: string }
  | { inside: true; hours: number; coach: string; email: string };

/**
 * Before the notice: until when the member may still move or cancel the session. Inside it: why
 * they no longer can (the API's 409 says the same words) and a way to write to the coach.
 */
export function ChangeNotice({ notice }: { notice: NoticeView }) {
  const { t } = useTranslation("coaching");
  if (!notice.inside)
    return <p className="muted">{t("detail.changeUntil", { date: notice.date, time: notice.time })}</p>;
  return (
    <div className="alert alert--info" role="status" aria-labelledby="change-notice-title">
      <p id="change-notice-title">
        <strong>{t("detail.noticeTitle")}</strong>
      </p>
      <p>{t("errors.insideNotice", { hours: notice.hours, coach: notice.coach, email: notice.email })}</p>
      <p>
        <a href={`mailto:${notice.email}`} className="button button--ghost">
          {t("detail.writeToCoach", { coach: notice.coach })}
        </a>
      </p>
    </div>
  );
}
