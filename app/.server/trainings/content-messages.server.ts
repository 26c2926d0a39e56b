import type { Language } from "~/i18n/config";
import { createT, type TFunction } from "~/i18n/translate";
import { resources } from "~/locales/resources";

/**
 * The words of content validation (captions, training files), namespace "content". Synchronous,
 * unlike translator(): the seed checks files before anything async has started.
 */
export function contentT(lang: Language): TFunction {
  return createT(lang, "content", resources[lang], resources.en);
}
