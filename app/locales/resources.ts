import enCommon from "./en/common.json";
import enHome from "./en/home.json";
import frCommon from "./fr/common.json";
import frHome from "./fr/home.json";

/** Every UI string, by language then namespace. Add a namespace in both languages at once. */
export const resources = {
  fr: { common: frCommon, home: frHome },
  en: { common: enCommon, home: enHome },
};

export type Namespace = keyof (typeof resources)["fr"];
