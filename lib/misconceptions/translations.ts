/**
 * The catalogue in other languages, kept in step with the English: each translation stores a hash of the English
 * title and explanation it was written from, so a changed English text shows up as a stale translation.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { isLang, translationHash, type Lang } from "../core/lang.js";
import { misconceptionById, MISCONCEPTIONS } from "./catalogue.js";
import type { MisconceptionText, Translation } from "./types.js";
import { MISCONCEPTIONS_ZH } from "./zh.js";

/** Where translations and the English disagree: ids with no translation, stale ones, and ones with no English. */
export interface TranslationProblems {
  readonly missing: readonly string[];
  readonly stale: readonly string[];
  readonly orphans: readonly string[];
}

/** 16 hex digits of the SHA-256 of the English title and explanation: what a translation records it was made from. */
export function englishHash(text: MisconceptionText): string {
  return translationHash(JSON.stringify([text.title, text.explanation]));
}

/** The translations against the English entries they claim to translate (pure; the test passes the real ones). */
export function translationProblems(
  english: readonly (MisconceptionText & { readonly id: string })[],
  translations: Readonly<Record<string, Translation>>,
): TranslationProblems {
  const ids = new Set(english.map((m) => m.id));
  return {
    missing: english.filter((m) => !Object.hasOwn(translations, m.id)).map((m) => m.id),
    stale: english.filter((m) => Object.hasOwn(translations, m.id) && translations[m.id]!.en !== englishHash(m)).map((m) => m.id),
    orphans: Object.keys(translations).filter((id) => !ids.has(id)).sort(),
  };
}

/** The catalogue's translations, by language (English is the catalogue itself). */
export const TRANSLATIONS: Readonly<Record<Exclude<Lang, "en">, Readonly<Record<string, Translation>>>> = Object.freeze({ zh: MISCONCEPTIONS_ZH });

/** The problems of every language's translations against the catalogue as it is now. */
export function catalogueTranslationProblems(): Readonly<Record<Exclude<Lang, "en">, TranslationProblems>> {
  return { zh: translationProblems(MISCONCEPTIONS, TRANSLATIONS.zh) };
}

/**
 * A misconception's title and explanation in `lang`, or null for an unknown id. A translation that is missing or
 * stale (its English changed since) is not shown: the English is, so a learner never reads an outdated rule.
 */
export function misconceptionText(id: string, lang: Lang): MisconceptionText | null {
  if (!isLang(lang)) throw new WorkbenchInputError("misconceptionText", "lang", "must be en or zh", lang);
  const m = misconceptionById(id);
  if (m === null) return null;
  if (lang === "en") return { title: m.title, explanation: m.explanation };
  const t = TRANSLATIONS[lang][id];
  return t !== undefined && t.en === englishHash(m) ? { title: t.title, explanation: t.explanation } : { title: m.title, explanation: m.explanation };
}
