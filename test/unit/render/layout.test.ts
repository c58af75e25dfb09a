import { describe, expect, it } from 'vitest';
import type { Decoded } from '../../../src/core/observation.js';
import { renderContext } from '../../../src/render/context.js';
import { renderSummary } from '../../../src/render/summary.js';
import { renderTable } from '../../../src/render/table.js';
import { displayWidth } from '../../../src/render/width.js';
import { ARABIC_PLACE, CJK_PLACE, LATIN_PLACE, PLACES_NOW } from '../../helpers/places.js';

const PLACES: readonly (readonly [string, Decoded])[] = [
  ['cjk', CJK_PLACE],
  ['arabic', ARABIC_PLACE],
  ['latin', LATIN_PLACE],
];
const LOCALES = [
  ['utf8', { LANG: 'en_US.UTF-8', NO_COLOR: '1' }],
  ['c', { LANG: 'C', NO_COLOR: '1' }],
] as const;
const WIDTHS = [30, 40, 80, 200];

/** Every width's table, then the summary, as a terminal shows them. */
function shown(d: Decoded, env: Record<string, string>): string {
  return WIDTHS.map((columns) => {
    const ctx = renderContext(
      { env, stdoutIsTTY: true, columns },
      { color: undefined, lang: 'en', now: PLACES_NOW },
    );
    return `--- ${columns} columns\n${renderTable(d, ctx)}${renderSummary(d, ctx)}`;
  }).join('');
}

describe.each(LOCALES)('in a %s locale', (locale, env) => {
  it.each(PLACES)('the %s place at 30, 40, 80 and 200 columns', async (name, d) => {
    await expect(shown(d, env)).toMatchFileSnapshot(`__snapshots__/layout-${name}-${locale}.txt`);
  });

  it.each(PLACES)('no table line of the %s place is wider than the terminal', (_name, d) => {
    for (const columns of WIDTHS) {
      const ctx = renderContext(
        { env, stdoutIsTTY: true, columns },
        { color: undefined, lang: 'en', now: PLACES_NOW },
      );
      const widest = Math.max(...renderTable(d, ctx).split('\n').map(displayWidth));
      expect(widest).toBeLessThanOrEqual(columns);
    }
  });
});

describe('narrow terminals', () => {
  const at = (columns: number): string =>
    renderTable(
      CJK_PLACE,
      renderContext(
        { env: { LANG: 'C.UTF-8', NO_COLOR: '1' }, stdoutIsTTY: true, columns },
        { color: undefined, lang: 'en', now: PLACES_NOW },
      ),
    );

  it('draw the table down to the width where every value still fits beside its label', () => {
    expect(at(34).split('\n')[0]).toBe('┌─────────────┬──────────────────┐');
    expect(at(33).split('\n')[0]).toBe('Place        東京都千代田区丸の内');
  });

  it('put each value under its label when even a list is too narrow', () => {
    expect(at(24)).toBe(
      [
        'Place',
        '  東京都千代田区丸の内一',
        '  丁目東京駅前, JP',
        'Coordinates',
        '  35.68, 139.77',
        'Observed',
        '  2026-01-01 18:00',
        '  (UTC+09:00), 5m ago',
        'Conditions',
        '  晴天',
        'Temperature',
        '  9.7 °C, feels like',
        '  7.3 °C',
        'Wind',
        '  3.6 m/s from WSW',
        '  (250°)',
        'Humidity',
        '  71%',
        'Pressure',
        '  1013 hPa',
        'Clouds',
        '  0%',
        'Visibility',
        '  10 km',
        'Sunrise',
        '  07:00',
        'Sunset',
        '  16:55',
        '',
      ].join('\n'),
    );
  });
});

describe('text cli-table3 measures otherwise than the terminal', () => {
  // string-width 4 inside cli-table3 counts Devanagari vowel signs and Arabic harakat as columns.
  const RIYADH = {
    ...ARABIC_PLACE,
    observation: { ...ARABIC_PLACE.observation, name: 'الرِّيَاض' },
  };
  const hindi = (stdoutIsTTY: boolean): string =>
    renderTable(
      RIYADH,
      renderContext(
        { env: { LANG: 'hi_IN.UTF-8', NO_COLOR: '1' }, stdoutIsTTY, columns: 50 },
        { color: undefined, lang: 'hi', now: PLACES_NOW },
      ),
    );

  it('is neither cut nor padded short in a table', () => {
    const lines = hindi(true).split('\n');
    expect(lines).toEqual([
      '┌────────┬──────────────────────────────────────┐',
      '│ स्थान    │ الرِّيَاض, EG                           │',
      '│ निर्देशांक │ 30.04, 30.98                         │',
      '│ प्रेक्षण    │ 2026-01-01 11:00 (UTC+02:00), 5m पहले │',
      '│ मौसम   │ سماء صافية                           │',
      '│ तापमान │ 9.7 °C, महसूस 7.3 °C                  │',
      '│ हवा    │ 3.6 m/s WSW (250°) से                 │',
      '│ आर्द्रता   │ 71%                                  │',
      '│ दबाव   │ 1013 hPa                             │',
      '│ बादल   │ 0%                                   │',
      '│ दृश्यता   │ 10 km                                │',
      '│ सूर्योदय  │ 07:05                                │',
      '│ सूर्यास्त   │ 17:25                                │',
      '└────────┴──────────────────────────────────────┘',
      '',
    ]);
    expect(new Set(lines.slice(0, -1).map(displayWidth))).toEqual(new Set([49]));
  });

  it('is aligned by display width in plain columns', () => {
    expect(hindi(false).split('\n')).toEqual([
      'स्थान     الرِّيَاض, EG',
      'निर्देशांक  30.04, 30.98',
      'प्रेक्षण     2026-01-01 11:00 (UTC+02:00)',
      'मौसम    سماء صافية',
      'तापमान  9.7 °C, महसूस 7.3 °C',
      'हवा     3.6 m/s WSW (250°) से',
      'आर्द्रता    71%',
      'दबाव    1013 hPa',
      'बादल    0%',
      'दृश्यता    10 km',
      'सूर्योदय   07:05',
      'सूर्यास्त    17:25',
      '',
    ]);
  });
});
