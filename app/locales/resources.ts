import enAuth from "./en/auth.json";
import enCommon from "./en/common.json";
import enHome from "./en/home.json";
import enMail from "./en/mail.json";
import enMailbox from "./en/mailbox.json";
import frAuth from "./fr/auth.json";
import frCommon from "./fr/common.json";
import frHome from "./fr/home.json";
import frMail from "./fr/mail.json";
import frMailbox from "./fr/mailbox.json";

/** Every UI string, by language then namespace. Add a namespace in both languages at once. */
export const resources = {
  fr: { common: frCommon, auth: frAuth, home: frHome, mail: frMail, mailbox: frMailbox },
  en: { common: enCommon, auth: enAuth, home: enHome, mail: enMail, mailbox: enMailbox },
};

export type Namespace = keyof (typeof resources)["fr"];

/** Namespaces only the server reads (emails): not written into pages for the browser. */
export const serverOnlyNamespaces: readonly Namespace[] = ["mail"];
