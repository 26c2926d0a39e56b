import enAdmin from "./en/admin.json";
import enAuthor from "./en/author.json";
import enAuth from "./en/auth.json";
import enCoach from "./en/coach.json";
import enCoaching from "./en/coaching.json";
import enCommon from "./en/common.json";
import enContent from "./en/content.json";
import enHome from "./en/home.json";
import enTrainings from "./en/trainings.json";
import enMail from "./en/mail.json";
import enMailbox from "./en/mailbox.json";
import enProfile from "./en/profile.json";
import enSpace from "./en/space.json";
import enTeam from "./en/team.json";
import enLegal from "./en/legal.json";
import frAdmin from "./fr/admin.json";
import frAuthor from "./fr/author.json";
import frAuth from "./fr/auth.json";
import frCoach from "./fr/coach.json";
import frCoaching from "./fr/coaching.json";
import frCommon from "./fr/common.json";
import frContent from "./fr/content.json";
import frHome from "./fr/home.json";
import frTrainings from "./fr/trainings.json";
import frMail from "./fr/mail.json";
import frMailbox from "./fr/mailbox.json";
import frProfile from "./fr/profile.json";
import frSpace from "./fr/space.json";
import frTeam from "./fr/team.json";
import frLegal from "./fr/legal.json";

/** Every UI string, by language then namespace. Add a namespace in both languages at once. */
export const resources = {
  fr: {
    common: frCommon,
    auth: frAuth,
    coaching: frCoaching,
    home: frHome,
    trainings: frTrainings,
    mail: frMail,
    mailbox: frMailbox,
    space: frSpace,
    profile: frProfile,
    team: frTeam,
    admin: frAdmin,
    coach: frCoach,
    content: frContent,
    author: frAuthor,
    legal: frLegal,
  },
  en: {
    common: enCommon,
    auth: enAuth,
    coaching: enCoaching,
    home: enHome,
    trainings: enTrainings,
    mail: enMail,
    mailbox: enMailbox,
    space: enSpace,
    profile: enProfile,
    team: enTeam,
    admin: enAdmin,
    coach: enCoach,
    content: enContent,
    author: enAuthor,
    legal: enLegal,
  },
};

export type Namespace = keyof (typeof resources)["fr"];

/**
 * Namespaces only the server reads (emails; content validation, whose messages the server
 * translates): not written into pages for the browser.
 */
export const serverOnlyNamespaces: readonly Namespace[] = ["mail", "content"];
