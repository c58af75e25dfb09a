import { canonicalLang } from '../core/lang.js';
import ar from './i18n/ar.json' with { type: 'json' };
import de from './i18n/de.json' with { type: 'json' };
import en from './i18n/en.json' with { type: 'json' };
import es from './i18n/es.json' with { type: 'json' };
import fr from './i18n/fr.json' with { type: 'json' };
import hi from './i18n/hi.json' with { type: 'json' };
import it from './i18n/it.json' with { type: 'json' };
import ja from './i18n/ja.json' with { type: 'json' };
import pt from './i18n/pt.json' with { type: 'json' };
import ru from './i18n/ru.json' with { type: 'json' };
import zh_cn from './i18n/zh_cn.json' with { type: 'json' };

/**
 * The renderers' own words (labels, `feels like`, `polar night`) in the user's language. The texts
 * are data, one file per language in ./i18n/; `{name}` marks where a value goes. A language
 * without a file, or a key missing from one, falls back to English.
 */
export type LabelKey = keyof typeof en;
export type Labels = Readonly<Record<LabelKey, string>> & { readonly rtl: boolean };

/** The ten most spoken of the API's languages; Brazilian Portuguese reads the Portuguese. */
const TABLES: Readonly<Record<string, Partial<Record<LabelKey, string>>>> = {
  ar,
  de,
  es,
  fr,
  hi,
  it,
  ja,
  pt,
  pt_br: pt,
  ru,
  zh_cn,
};

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

/**
 * RIGHT-TO-LEFT MARK: a line that starts with it is laid out right to left by a terminal that
 * does bidirectional text, even when its first word (a place name) is Latin.
 */
export const RLM = '\u200f';

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
