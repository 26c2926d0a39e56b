import { env } from "~/.server/config/env.server";

/** A path such as "/account_verification?token=…" made absolute with APP_URL; a full URL as it is. */
export function absoluteLink(link: string): string {
  return link.startsWith("/") ? `${env().APP_URL}${link}` : link;
}
