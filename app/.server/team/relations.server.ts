/** The relations a crew member can have to the member (a fixed list; labels in team.json). */
export const relations = ["family", "friend", "colleague", "manager", "coach", "other"] as const;

export type Relation = (typeof relations)[number];
