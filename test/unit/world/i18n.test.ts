import { describe as suite, it, expect } from 'vitest';
import { CONDITIONS, CONDITION_IDS } from '../../../src/core/conditions.js';
import { LANGUAGES, canonicalLang } from '../../../src/core/lang.js';
import { describe, loadConditionTexts } from '../../../src/world/i18n/texts.js';

const CODES = Object.keys(LANGUAGES);

// The service's own codes are not always BCP 47 tags; lower-casing must follow the real locale
// (Turkish and Azerbaijani dotted/dotless i, for instance).
const LOCALES: Readonly<Record<string, string>> = {
  cz: 'cs',
  kr: 'ko',
  la: 'lv',
  no: 'nb',
  pt_br: 'pt-BR',
  zh_cn: 'zh-CN',
  zh_tw: 'zh-TW',
};

function localeOf(code: string): string {
  return LOCALES[code] ?? code;
}

function english(id: number): string {
  return CONDITIONS.get(id)?.description ?? '';
}

suite('condition texts', () => {
  suite.each(CODES)('%s', (code) => {
    it('has a non-empty string for every condition id', async () => {
      const texts = await loadConditionTexts(code);
      for (const id of CONDITION_IDS) {
        const text = texts[id];
        expect(typeof text, `${code} ${id}`).toBe('string');
        expect(text?.length, `${code} ${id}`).toBeGreaterThan(0);
      }
      expect(Object.keys(texts).map(Number)).toEqual([...CONDITION_IDS]);
    });

    it('is lower case with no surrounding whitespace', async () => {
      const texts = await loadConditionTexts(code);
      const locale = localeOf(code);
      for (const id of CONDITION_IDS) {
        const text = describe(texts, id);
        expect(text, `${code} ${id}`).toBe(text.toLocaleLowerCase(locale));
        expect(text, `${code} ${id}`).toBe(text.trim());
      }
    });

    it('gives each condition its own wording', async () => {
      const texts = await loadConditionTexts(code);
      const seen = new Map<string, number>();
      for (const id of CONDITION_IDS) {
        const text = describe(texts, id);
        expect(seen.get(text), `${code} ${id} repeats "${text}"`).toBeUndefined();
        seen.set(text, id);
      }
    });
  });

  it.each(CODES.filter((code) => code !== 'en'))(
    '%s is translated rather than left in English',
    async (code) => {
      const texts = await loadConditionTexts(code);
      const untranslated = CONDITION_IDS.filter((id) => texts[id] === english(id));
      expect(untranslated.length, `${code}: ${untranslated.join(', ')}`).toBeLessThanOrEqual(5);
    },
  );

  it.each([
    ['fr', 501, 'pluie modérée'],
    ['uk', 500, 'легкий дощ'],
    ['uk', 802, 'розірвані хмари'],
  ] as const)('matches the live service for %s %i', async (code, id, text) => {
    expect(describe(await loadConditionTexts(code), id)).toBe(text);
  });

  it.each([
    ['sp', 'es'],
    ['se', 'sv'],
    ['ua', 'uk'],
  ] as const)('alias %s gives the %s table', async (alias, code) => {
    const canonical = canonicalLang(alias);
    expect(canonical).toBe(code);
    expect(await loadConditionTexts(canonical ?? '')).toStrictEqual(await loadConditionTexts(code));
  });

  it('builds English from CONDITIONS', async () => {
    const texts = await loadConditionTexts('en');
    expect(Object.keys(texts).map(Number)).toEqual([...CONDITIONS.keys()]);
    for (const [id, condition] of CONDITIONS) expect(texts[id]).toBe(condition.description);
  });

  it('falls back to English for an unknown language', async () => {
    expect(await loadConditionTexts('xx')).toStrictEqual(await loadConditionTexts('en'));
  });

  it('falls back to English, then to an empty string, for an id a table lacks', async () => {
    const partial = { 500: 'pluie légère' };
    expect(describe(partial, 500)).toBe('pluie légère');
    expect(describe(partial, 804)).toBe('overcast clouds');
    expect(describe(await loadConditionTexts('de'), 999)).toBe('');
  });
});
