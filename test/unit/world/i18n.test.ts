import { describe as suite, it, expect } from 'vitest';
import { CONDITIONS, CONDITION_IDS } from '../../../src/core/conditions.js';
import { LANGUAGES, canonicalLang } from '../../../src/core/lang.js';
import { truth, truthFiles } from '../../helpers/fixtures.js';
import { describe, loadConditionTexts } from '../../../src/world/i18n/texts.js';

const CODES = [...LANGUAGES];

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
  });

  it.each(CODES.filter((code) => code !== 'en'))(
    '%s is translated rather than left in English',
    async (code) => {
      const texts = await loadConditionTexts(code);
      const untranslated = CONDITION_IDS.filter((id) => texts[id] === english(id));
      expect(untranslated.length, `${code}: ${untranslated.join(', ')}`).toBeLessThanOrEqual(5);
    },
  );

  // Every response of the real service in a language other than English, in the samples.
  const samples = truthFiles('.json')
    .map((name) => ({ name, lang: /_lang_([a-z_]+)\.json$/.exec(name)?.[1] }))
    .filter((sample) => sample.lang !== undefined && sample.lang !== 'en');

  it('has samples in several languages to check', () => {
    expect([...new Set(samples.map((sample) => sample.lang))]).toEqual(['de', 'fr', 'ua']);
  });

  // Where a newer response words a condition differently, the newer wording wins (see
  // src/world/i18n/evidence.tsv): the 2016 Kharkiv tapes say "розірвані хмари" for 802.
  const SUPERSEDED: Readonly<Record<string, string>> = { 'uk 802': 'уривчасті хмари' };

  it.each(samples)('matches the live service in $name', async ({ name, lang }) => {
    const body = JSON.parse(truth(name).toString('utf8')) as {
      weather: { id: number; description: string }[];
    };
    const code = canonicalLang(lang ?? '') ?? '';
    const texts = await loadConditionTexts(code);
    for (const { id, description } of body.weather) {
      expect(describe(texts, id)).toBe(SUPERSEDED[`${code} ${id}`] ?? description);
    }
  });

  it('matches the live service in the German XML sample', async () => {
    const xml = truth('cmfcmf_docs_current_berlin_metric_lang_de.xml').toString('utf8');
    const [, id, value] = /<weather number="(\d+)" value="([^"]+)"/.exec(xml) ?? [];
    expect(describe(await loadConditionTexts('de'), Number(id))).toBe(value);
  });

  // Seen in real XML responses, as xml_clouds_names_observed.tsv records: weather 800 in Japanese
  // (London 2026) and the clouds name for 75 % (803) in Turkish (Istanbul 2021).
  it.each([
    ['ja', 800, '晴天'],
    ['tr', 803, 'parçalı bulutlu'],
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
