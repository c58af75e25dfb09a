/**
 * The `lang` codes of the Current Weather API 2.5 (spec, "Allowed lang codes"). Aliases map to
 * one canonical code so that `sp` and `es` give the same text.
 */
export const LANGUAGES = [
  'af',
  'ar',
  'az',
  'be',
  'bg',
  'ca',
  'cz',
  'da',
  'de',
  'el',
  'en',
  'es',
  'eu',
  'fa',
  'fi',
  'fr',
  'gl',
  'he',
  'hi',
  'hr',
  'hu',
  'id',
  'is',
  'it',
  'ja',
  'kr',
  'ku',
  'la',
  'lt',
  'mk',
  'nl',
  'no',
  'pl',
  'pt',
  'pt_br',
  'ro',
  'ru',
  'sk',
  'sl',
  'sq',
  'sr',
  'sv',
  'th',
  'tr',
  'uk',
  'vi',
  'zh_cn',
  'zh_tw',
  'zu',
] as const;

/** A canonical `lang` code. */
export type Lang = (typeof LANGUAGES)[number];

/** Alias → canonical code. */
export const LANGUAGE_ALIASES: Readonly<Record<string, string>> = { sp: 'es', se: 'sv', ua: 'uk' };

/** Every code the API accepts, aliases included, sorted. */
export const LANG_CODES: readonly string[] = [
  ...LANGUAGES,
  ...Object.keys(LANGUAGE_ALIASES),
].sort();

/** Canonical code for an accepted `lang` value (case-insensitive), or undefined if not accepted. */
export function canonicalLang(code: string): Lang | undefined {
  const lower = code.toLowerCase();
  const aliased = LANGUAGE_ALIASES[lower] ?? lower;
  return LANGUAGES.find((lang) => lang === aliased);
}
