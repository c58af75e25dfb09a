import { CONDITIONS } from '../../core/conditions.js';

/** Condition id → localized `weather[].description`. */
export type ConditionTexts = Readonly<Record<number, string>>;

type Loader = () => Promise<{ readonly default: ConditionTexts }>;

// One literal specifier per language so the bundler can split each table into its own lazily
// loaded chunk; a computed path would defeat that and pull every language into one file.
const loaders: Readonly<Record<string, Loader>> = {
  af: () => import('./lang/af.js'),
  ar: () => import('./lang/ar.js'),
  az: () => import('./lang/az.js'),
  be: () => import('./lang/be.js'),
  bg: () => import('./lang/bg.js'),
  ca: () => import('./lang/ca.js'),
  cz: () => import('./lang/cz.js'),
  da: () => import('./lang/da.js'),
  de: () => import('./lang/de.js'),
  el: () => import('./lang/el.js'),
  es: () => import('./lang/es.js'),
  eu: () => import('./lang/eu.js'),
  fa: () => import('./lang/fa.js'),
  fi: () => import('./lang/fi.js'),
  fr: () => import('./lang/fr.js'),
  gl: () => import('./lang/gl.js'),
  he: () => import('./lang/he.js'),
  hi: () => import('./lang/hi.js'),
  hr: () => import('./lang/hr.js'),
  hu: () => import('./lang/hu.js'),
  id: () => import('./lang/id.js'),
  is: () => import('./lang/is.js'),
  it: () => import('./lang/it.js'),
  ja: () => import('./lang/ja.js'),
  kr: () => import('./lang/kr.js'),
  ku: () => import('./lang/ku.js'),
  la: () => import('./lang/la.js'),
  lt: () => import('./lang/lt.js'),
  mk: () => import('./lang/mk.js'),
  nl: () => import('./lang/nl.js'),
  no: () => import('./lang/no.js'),
  pl: () => import('./lang/pl.js'),
  pt: () => import('./lang/pt.js'),
  pt_br: () => import('./lang/pt_br.js'),
  ro: () => import('./lang/ro.js'),
  ru: () => import('./lang/ru.js'),
  sk: () => import('./lang/sk.js'),
  sl: () => import('./lang/sl.js'),
  sq: () => import('./lang/sq.js'),
  sr: () => import('./lang/sr.js'),
  sv: () => import('./lang/sv.js'),
  th: () => import('./lang/th.js'),
  tr: () => import('./lang/tr.js'),
  uk: () => import('./lang/uk.js'),
  vi: () => import('./lang/vi.js'),
  zh_cn: () => import('./lang/zh_cn.js'),
  zh_tw: () => import('./lang/zh_tw.js'),
  zu: () => import('./lang/zu.js'),
};

const english: ConditionTexts = Object.freeze(
  Object.fromEntries([...CONDITIONS.values()].map((c) => [c.id, c.description])),
);

const cache = new Map<string, ConditionTexts>();

/**
 * The description table for a canonical `lang` code (see `canonicalLang`). English, and any code
 * without a table, get the English descriptions.
 */
export async function loadConditionTexts(lang: string): Promise<ConditionTexts> {
  const cached = cache.get(lang);
  if (cached) return cached;
  const loader = Object.hasOwn(loaders, lang) ? loaders[lang] : undefined;
  if (!loader) return english;
  const texts = (await loader()).default;
  cache.set(lang, texts);
  return texts;
}

/** The text for a condition id, falling back to English, then to '' for an unknown id. */
export function describe(texts: ConditionTexts, id: number): string {
  return texts[id] ?? CONDITIONS.get(id)?.description ?? '';
}
