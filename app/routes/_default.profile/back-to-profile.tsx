import { BackHeader } from "~/components/presentational/back-header";
import { useTranslation } from "~/i18n/react";

/**
 * The head of a page that details one section of the profile: the way back to that section
 * (`/profile#<anchor>`), then the page's title and lead, the profile's `<words>.back`,
 * `.pageTitle` and `.lead`.
 */
export function BackToProfile({ anchor, words }: { anchor: string; words: string }) {
  const { t } = useTranslation("profile");
  return (
    <BackHeader
      back={`/profile#${anchor}`}
      backLabel={t(`${words}.back`)}
      title={t(`${words}.pageTitle`)}
      lead={t(`${words}.lead`)}
    />
  );
}
