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

/**
 * The language each code names (spec, "Allowed lang codes") as a BCP 47 tag: the `lang` of the
 * HTML representation, and the CLDR locale a code's place names come from (data/local-names.bin;
 * scripts/build-local-names.mjs looks the tag up as CLDR does: zh-TW reads zh-Hant, pt-BR reads
 * pt, CLDR's Brazilian Portuguese). Where the code is not its own tag: `cz` Czech, `kr` Korean,
 * `la` Latvian (the tag `la` is Latin), `zh_cn` and `zh_tw` Chinese of China (simplified
 * characters) and of Taiwan (traditional), `pt` the Portuguese of Portugal (`pt_br` is Brazil's),
 * `sr` Serbian in Latin letters, as the live service writes its Serbian descriptions.
 */
export const LANGUAGE_TAGS: Readonly<Record<Lang, string>> = {
  af: 'af',
  ar: 'ar',
  az: 'az',
  be: 'be',
  bg: 'bg',
  ca: 'ca',
  cz: 'cs',
  da: 'da',
  de: 'de',
  el: 'el',
  en: 'en',
  es: 'es',
  eu: 'eu',
  fa: 'fa',
  fi: 'fi',
  fr: 'fr',
  gl: 'gl',
  he: 'he',
  hi: 'hi',
  hr: 'hr',
  hu: 'hu',
  id: 'id',
  is: 'is',
  it: 'it',
  ja: 'ja',
  kr: 'ko',
  ku: 'ku',
  la: 'lv',
  lt: 'lt',
  mk: 'mk',
  nl: 'nl',
  no: 'no',
  pl: 'pl',
  pt: 'pt-PT',
  pt_br: 'pt-BR',
  ro: 'ro',
  ru: 'ru',
  sk: 'sk',
  sl: 'sl',
  sq: 'sq',
  sr: 'sr-Latn',
  sv: 'sv',
  th: 'th',
  tr: 'tr',
  uk: 'uk',
  vi: 'vi',
  zh_cn: 'zh-CN',
  zh_tw: 'zh-TW',
  zu: 'zu',
};

/** The BCP 47 tag of an accepted `lang` value; English for any other. */
export function languageTag(code: string): string {
  return LANGUAGE_TAGS[canonicalLang(code) ?? 'en'];
}
