import { Logo } from "~/components/document/logo";
import { useTranslation } from "~/i18n/react";

type Facts = { name: string; training: string; date: string };

/**
 * A certificate as it prints: the member's name, the training, the day it was
 * completed and the address that verifies it. The member's page and the public page show the same.
 */
export function CertificateSheet({ facts, url }: { facts: Facts; url: string }) {
  const { t } = useTranslation("trainings");
  return (
    <article className="certificate" aria-labelledby="certificate-title">
      <p className="certificate__brand">
        <Logo />
      </p>
      <h1 id="certificate-title" className="certificate__title">
        {t("certificate.title")}
      </h1>
      <p>{t("certificate.certifies")}</p>
      <p className="certificate__name">{facts.name}</p>
      <p>{t("certificate.completed")}</p>
      <p className="certificate__training">{facts.training}</p>
      <p>{t("certificate.on", { date: facts.date })}</p>
      <p className="certificate__verify">
        {t("certificate.verifyAt")} <a href={url}>{url}</a>
      </p>
    </article>
  );
}
