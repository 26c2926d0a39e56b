/**
 * How long a code mailed to a member (to verify an address, recover an account, change the email)
 * can be typed: the stores expire it then, and the pages and mails say it in minutes.
 */
export const CODE_LIFETIME_MINUTES = 15;
export const CODE_LIFETIME_MS = CODE_LIFETIME_MINUTES * 60 * 1000;
