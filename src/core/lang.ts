/**
 * The `lang` codes of the Current Weather API 2.5 (spec, "Allowed lang codes"). Aliases map to
 * one canonical code so that `sp` and `es` give the same text.
 */
export const LANGUAGES: Readonly<Record<string, string>> = {
  af: 'Afrikaans',
  ar: 'Arabic',
  az: 'Azerbaijani',
  be: 'Belarusian',
  bg: 'Bulgarian',
  ca: 'Catalan',
  cz: 'Czech',
  da: 'Danish',
  de: 'German',
  el: 'Greek',
  en: 'English',
  es: 'Spanish',
  eu: 'Basque',
  fa: 'Persian (Farsi)',
  fi: 'Finnish',
  fr: 'French',
  gl: 'Galician',
  he: 'Hebrew',
  hi: 'Hindi',
  hr: 'Croatian',
  hu: 'Hungarian',
  id: 'Indonesian',
  is: 'Icelandic',
  it: 'Italian',
  ja: 'Japanese',
  kr: 'Korean',
  ku: 'Kurmanji (Kurdish)',
  la: 'Latvian',
  lt: 'Lithuanian',
  mk: 'Macedonian',
  nl: 'Dutch',
  no: 'Norwegian',
  pl: 'Polish',
  pt: 'Portuguese',
  pt_br: 'Brazilian Portuguese',
  ro: 'Romanian',
  ru: 'Russian',
  sk: 'Slovak',
  sl: 'Slovenian',
  sq: 'Albanian',
  sr: 'Serbian',
  sv: 'Swedish',
  th: 'Thai',
  tr: 'Turkish',
  uk: 'Ukrainian',
  vi: 'Vietnamese',
  zh_cn: 'Chinese Simplified',
  zh_tw: 'Chinese Traditional',
  zu: 'Zulu',
};

/** Alias → canonical code. */
export const LANGUAGE_ALIASES: Readonly<Record<string, string>> = { sp: 'es', se: 'sv', ua: 'uk' };

/** Every code the API accepts, aliases included, sorted. */
export const LANG_CODES: readonly string[] = [
  ...Object.keys(LANGUAGES),
  ...Object.keys(LANGUAGE_ALIASES),
].sort();

/** Canonical code for an accepted `lang` value (case-insensitive), or undefined if not accepted. */
export function canonicalLang(code: string): string | undefined {
  const lower = code.toLowerCase();
  const aliased = LANGUAGE_ALIASES[lower] ?? lower;
  return Object.hasOwn(LANGUAGES, aliased) ? aliased : undefined;
}
