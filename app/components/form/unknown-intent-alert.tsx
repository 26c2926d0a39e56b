import { useTranslation } from "~/i18n/react";
import { FormAlert } from "~/components/form/form";
import { pageErrorsOf } from "~/components/form/form-reply";

/**
 * The page's message when its action refused a post no form of the page sends (an unknown
 * intent or step: refuseUnknownIntent); placed once, over the content, on each page whose action
 * tells its forms apart.
 */
export function UnknownIntentAlert({ reply }: { reply: unknown }) {
  const { t } = useTranslation();
  return <FormAlert lines={pageErrorsOf(reply)?.map((error) => t(error))} />;
}
