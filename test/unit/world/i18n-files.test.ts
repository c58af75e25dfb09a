import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONDITION_IDS } from '../../../src/core/conditions.js';
import { LANGUAGES } from '../../../src/core/lang.js';

const LANG_DIR = fileURLToPath(new URL('../../../src/world/i18n/lang/', import.meta.url));

function parsed(code: string): unknown {
  return JSON.parse(readFileSync(`${LANG_DIR}${code}.json`, 'utf8'));
}

describe('src/world/i18n/lang/*.json', () => {
  it('holds one file per language of the API but English (which comes from CONDITIONS)', () => {
    const files = readdirSync(LANG_DIR).sort();
    const expected = [...LANGUAGES]
      .filter((code) => code !== 'en')
      .map((code) => `${code}.json`)
      .sort();
    expect(files).toEqual(expected);
  });

  it.each([...LANGUAGES].filter((code) => code !== 'en'))(
    '%s has exactly the condition ids, each a plain non-empty string',
    (code) => {
      const table = parsed(code);
      expect(typeof table === 'object' && table !== null && !Array.isArray(table)).toBe(true);
      const entries = Object.entries(table as object);
      expect(entries.map(([id]) => Number(id))).toEqual([...CONDITION_IDS]);
      for (const [id, text] of entries) {
        expect(typeof text, `${code} ${id}`).toBe('string');
        const value = String(text);
        expect(value.length, `${code} ${id}`).toBeGreaterThan(0);
        expect(value, `${code} ${id}`).toBe(value.trim());
        expect(value, `${code} ${id}`).not.toMatch(/\p{Cc}/u);
      }
    },
  );
});
