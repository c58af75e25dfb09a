import { CONDITIONS } from '../../core/conditions.js';
import { canonicalLang } from '../../core/lang.js';

/** Condition id → localized `weather[].description`. */
export type ConditionTexts = Readonly<Record<number, string>>;

const english: ConditionTexts = Object.freeze(
  Object.fromEntries([...CONDITIONS.values()].map((c) => [c.id, c.description])),
);

const cache = new Map<string, ConditionTexts>();

/** The string values of a parsed `lang/<code>.json`, keyed by condition id. */
function textsOf(parsed: unknown): ConditionTexts {
  const table: Record<number, string> = {};
  if (typeof parsed === 'object' && parsed !== null) {
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === 'string') table[Number(key)] = value;
    }
  }
  return Object.freeze(table);
}

/**
 * The description table for a canonical `lang` code (see `canonicalLang`). English, and any code
 * without a table, get the English descriptions.
 */
export async function loadConditionTexts(lang: string): Promise<ConditionTexts> {
  const cached = cache.get(lang);
  if (cached) return cached;
  // Only a code of the canonical list reaches the path below, never raw input.
  if (lang === 'en' || canonicalLang(lang) !== lang) return english;
  // A template literal lets the bundler see every `lang/*.json` and split each into its own
  // lazily loaded chunk.
  const module: unknown = await import(`./lang/${lang}.json`, { with: { type: 'json' } });
  const texts = textsOf(
    typeof module === 'object' && module !== null && 'default' in module ? module.default : {},
  );
  cache.set(lang, texts);
  return texts;
}

/** The text for a condition id, falling back to English, then to '' for an unknown id. */
export function describe(texts: ConditionTexts, id: number): string {
  return texts[id] ?? CONDITIONS.get(id)?.description ?? '';
}
