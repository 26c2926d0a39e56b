/**
 * The pages French law asks for, by the path they have under /legal/: the legal notice (LCEN
 * art. 6), the privacy policy (GDPR art. 13) and the terms of use.
 */
export const LEGAL_PAGES = ["mentions-legales", "conditions-utilisation", "confidentialite"] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

export function isLegalPage(value: unknown): value is LegalPage {
  return typeof value === "string" && (LEGAL_PAGES as readonly string[]).includes(value);
}

/** The publisher's details the legal notice shows (legal/publisher.server.ts), in the order shown. */
export const PUBLISHER_FIELDS = [
  "companyName",
  "legalForm",
  "shareCapital",
  "headOffice",
  "registration",
  "vatNumber",
  "email",
  "phone",
  "publicationDirector",
  "hostName",
  "hostAddress",
  "hostPhone",
] as const;
export type PublisherField = (typeof PUBLISHER_FIELDS)[number];
