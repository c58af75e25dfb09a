import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONDITIONS, CONDITION_IDS } from '../../../src/core/conditions.js';
import { LANGUAGES } from '../../../src/core/lang.js';
import { loadConditionTexts } from '../../../src/world/i18n/texts.js';

const EVIDENCE = fileURLToPath(new URL('../../../src/world/i18n/evidence.tsv', import.meta.url));
const KINDS = ['observed', 'table', 'none'];

interface Evidence {
  readonly lang: string;
  readonly id: number;
  readonly text: string;
  readonly source: string;
  readonly kind: string;
}

const [header, ...lines] = readFileSync(EVIDENCE, 'utf8').replace(/\n$/, '').split('\n');
const rows: Evidence[] = lines.map((line) => {
  const [lang = '', id = '', text = '', source = '', kind = ''] = line.split('\t');
  return { lang, id: Number(id), text, source, kind };
});

describe('src/world/i18n/evidence.tsv', () => {
  it('has the columns lang, id, text, source, kind and five fields a row', () => {
    expect(header).toBe('lang\tid\ttext\tsource\tkind');
    for (const line of lines) expect(line.split('\t'), line).toHaveLength(5);
  });

  it('has exactly one row for every language and condition id, in order', () => {
    const expected = [...LANGUAGES].flatMap((lang) => CONDITION_IDS.map((id) => `${lang} ${id}`));
    expect(rows.map((row) => `${row.lang} ${row.id}`)).toEqual(expected);
  });

  it('gives each row a kind, and a source unless the kind is none', () => {
    for (const row of rows) {
      expect(KINDS, `${row.lang} ${row.id}`).toContain(row.kind);
      if (row.kind !== 'none') expect(row.source, `${row.lang} ${row.id}`).not.toBe('-');
      expect(row.source.length, `${row.lang} ${row.id}`).toBeGreaterThan(0);
    }
  });

  it.each([...LANGUAGES])('%s: every description is the one the evidence gives', async (lang) => {
    const texts = await loadConditionTexts(lang);
    for (const row of rows.filter((r) => r.lang === lang)) {
      expect(texts[row.id], `${lang} ${row.id}`).toBe(row.text);
    }
  });

  it('keeps English equal to CONDITIONS', () => {
    for (const row of rows.filter((r) => r.lang === 'en')) {
      expect(row.text).toBe(CONDITIONS.get(row.id)?.description);
    }
  });

  // The service repeats itself (zh_cn has one word for every thunderstorm); our own wording,
  // where there is no evidence, should not.
  it.each([...LANGUAGES])('%s: a text of our own names one condition only', (lang) => {
    const ofLang = rows.filter((r) => r.lang === lang);
    for (const row of ofLang.filter((r) => r.kind === 'none')) {
      const same = ofLang.filter((other) => other.text === row.text).map((other) => other.id);
      expect(same, `${lang} ${row.id} "${row.text}"`).toEqual([row.id]);
    }
  });
});
