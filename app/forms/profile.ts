/** The levels of study a member can pick on /profile (SPEC §3 "level of study"; the values are ours). */
export const levelsOfStudy = ["secondary", "vocational", "bachelor", "master", "doctorate", "other"] as const;
export type LevelOfStudy = (typeof levelsOfStudy)[number];

/** Stored mobile "+33 612345678" as the form's two fields. */
export function splitMobile(mobile: string | null): { mobileCountryCode: string; mobile: string } {
  const match = mobile?.match(/^\+(\d{1,4}) ?(\d+)$/);
  return match ? { mobileCountryCode: match[1], mobile: match[2] } : { mobileCountryCode: "33", mobile: "" };
}
