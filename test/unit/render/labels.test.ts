import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeChalk } from '../../../src/render/colour.js';
import { renderContext } from '../../../src/render/context.js';
import { labelsFor } from '../../../src/render/labels.js';
import { renderSummary } from '../../../src/render/summary.js';
import { renderTable } from '../../../src/render/table.js';
import { ARABIC_PLACE, CJK_PLACE, PLACES_NOW } from '../../helpers/places.js';
import { homeEnv, run, useHome } from '../../helpers/io.js';
import { NOW, TOKYO as TOKYO_AT } from '../../helpers/tokyo.js';

const DIR = fileURLToPath(new URL('../../../src/render/i18n/', import.meta.url));
const read = (file: string): Record<string, string> =>
  JSON.parse(readFileSync(`${DIR}${file}`, 'utf8')) as Record<string, string>;
const english = read('en.json');
const placeholders = (text: string): string[] => (text.match(/\{\w+\}/g) ?? []).sort();

describe('the renderers’ own words', () => {
  it('come in the ten most spoken of the API’s languages besides English', () => {
    expect(readdirSync(DIR).sort()).toEqual(
      ['ar', 'de', 'en', 'es', 'fr', 'hi', 'it', 'ja', 'pt', 'ru', 'zh_cn'].map((c) => `${c}.json`),
    );
  });

  it.each(readdirSync(DIR).filter((f) => f !== 'en.json'))(
    '%s has every text of English, with the same places for values',
    (file) => {
      const table = read(file);
      expect(Object.keys(table)).toEqual(Object.keys(english));
      for (const [key, text] of Object.entries(table)) {
        expect([key, text.trim() === text && text !== '']).toEqual([key, true]);
        expect([key, placeholders(text)]).toEqual([key, placeholders(english[key] ?? '')]);
      }
    },
  );

  it.each([
    ['ja', '場所', '気温'],
    ['fr', 'Lieu', 'Température'],
    ['pt_br', 'Local', 'Temperatura'],
    ['sv', 'Place', 'Temperature'],
    ['zh_tw', 'Place', 'Temperature'],
    ['xx', 'Place', 'Temperature'],
  ])('%s: %s, %s (others fall back to English)', (lang, place, temperature) => {
    const labels = labelsFor(lang);
    expect([labels.place, labels.temperature]).toEqual([place, temperature]);
  });

  it('are English where the terminal shows ASCII only (a French or German label has accents)', () => {
    expect(labelsFor('fr', true).temperature).toBe('Temperature');
    expect(labelsFor('de', true).place).toBe('Place');
  });

  it('label the table in Japanese', () => {
    const ctx = renderContext(
      { env: { LANG: 'ja_JP.UTF-8' }, stdoutIsTTY: false, columns: 80 },
      { color: false, lang: 'ja', now: PLACES_NOW },
    );
    expect(renderTable(CJK_PLACE, ctx)).toBe(
      [
        '場所      東京都千代田区丸の内一丁目東京駅前, JP',
        '座標      35.68, 139.77',
        '観測時刻  2026-01-01 18:00 (UTC+09:00)',
        '天気      晴天',
        '気温      9.7 °C, 体感 7.3 °C',
        '風        3.6 m/s WSW (250°)から',
        '湿度      71%',
        '気圧      1013 hPa',
        '雲量      0%',
        '視程      10 km',
        '日の出    07:00',
        '日の入り  16:55',
        '',
      ].join('\n'),
    );
  });

  it('read right to left in an Arabic summary: each line marked, each value isolated', () => {
    const ctx = {
      ...renderContext(
        { env: { LANG: 'ar_EG.UTF-8' }, stdoutIsTTY: false, columns: 80 },
        { color: false, lang: 'ar', now: PLACES_NOW },
      ),
      chalk: makeChalk(0),
    };
    const v = (text: string): string => `\u2068${text}\u2069`;
    expect(renderSummary(ARABIC_PLACE, ctx).split('\n')).toEqual([
      `\u200f${v('مدينة الشيخ زايد, EG')}، رُصد في ${v('2026-01-01 11:00 (UTC+02:00)')}`,
      `\u200fسماء صافية, 9.7 °C, المحسوسة ${v('7.3 °C')}`,
      `\u200fالرياح ${v(`3.6 m/s من ${v('WSW (250°)')}`)}`,
      `\u200fالرطوبة ${v('71%')}، الضغط ${v('1013 hPa')}`,
      `\u200fالشروق ${v('07:05')}، الغروب ${v('17:25')}`,
      '',
    ]);
  });
});

describe('-l and the lang setting', () => {
  const { home } = useHome();
  const TOKYO = [...TOKYO_AT, '--offline', '--now', NOW];

  it('labels follow -l, else the stored lang', async () => {
    const flag = await run([...TOKYO, '-l', 'es', '-o', 'summary'], { env: homeEnv(home) });
    expect(flag.stdout.split('\n')[3]).toBe('Humedad 73%, presión 1015 hPa');
    expect((await run(['config', 'set', 'lang', 'ru'], { env: homeEnv(home) })).code).toBe(0);
    const stored = await run([...TOKYO, '-o', 'summary'], { env: homeEnv(home) });
    expect(stored.stdout.split('\n')[3]).toBe('Влажность 73%, давление 1015 hPa');
  });
});
