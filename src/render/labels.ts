import { canonicalLang } from '../core/lang.js';
import en from './i18n/en.json' with { type: 'json' };

/**
 * The renderers' own words (labels, `feels like`, `polar night`) in the user's language. The texts
 * are data, one file per language in ./i18n/; `{name}` marks where a value goes. A language
 * without a file, or a key missing from one, falls back to English.
 */
export type LabelKey = keyof typeof en;
export type Labels = Readonly<Record<LabelKey, string>> & { readonly rtl: boolean };

const TABLES: Readonly<Record<string, Partial<Record<LabelKey, string>>>> = {};

/** Written right to left: the summary marks its lines so that terminals that can, show them so. */
const RTL = new Set(['ar', 'fa', 'he', 'ku']);

const ENGLISH: Labels = { ...en, rtl: false };

function isAscii(text: string): boolean {
  return /^[\x20-\x7e]*$/u.test(text);
}

/**
 * Labels for a `lang` code; English for an unknown code or when the terminal can show ASCII only
 * and the language needs more.
 */
export function labelsFor(lang: string, asciiOnly = false): Labels {
  const code = canonicalLang(lang);
  const table = code === undefined ? undefined : TABLES[code];
  if (code === undefined || table === undefined) return ENGLISH;
  const merged = { ...en, ...table };
  if (asciiOnly && !Object.values(merged).every(isAscii)) return ENGLISH;
  return { ...merged, rtl: RTL.has(code) };
}

/** FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: a value takes its own direction. */
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * `labels[key]` with its `{name}` places filled. In a right-to-left language each value is an
 * isolate, so `9.7 °C` or a Latin place name keep their own order inside the Arabic sentence.
 */
export function say(
  labels: Labels,
  key: LabelKey,
  values: Readonly<Record<string, string>> = {},
): string {
  return labels[key].replace(/\{(\w+)\}/gu, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return labels.rtl ? `${FSI}${value}${PDI}` : value;
  });
}
