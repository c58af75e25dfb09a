import { describe, expect, it } from 'vitest';
import { displayWidth, padEnd, wrap } from '../../../src/render/width.js';

function lines(text: string, width: number): string[] {
  return wrap(text, width).map((r) => text.slice(r.start, r.end));
}

describe('display width', () => {
  it.each([
    ['abc', 3],
    ['東京', 4],
    ['e\u0301', 1],
    ['👍🏽', 2],
    ['🇯🇵', 2],
    ['مدينة', 5],
    ['\u001b[1mab\u001b[22m', 2],
  ])('%j is %i columns', (text, width) => {
    expect(displayWidth(text)).toBe(width);
  });

  it('pads by columns, not characters', () => {
    expect(padEnd('東京', 6)).toBe('東京  ');
    expect(padEnd('toolong', 3)).toBe('toolong');
  });
});

describe('wrap', () => {
  it.each([
    ['9.7 °C, feels like 7.2 °C', 10, ['9.7 °C,', 'feels like', '7.2 °C']],
    ['3.6 m/s from W (250°)', 8, ['3.6 m/s', 'from W', '(250°)']],
    ['abc def', 7, ['abc def']],
    ['abcdefghij', 4, ['abcd', 'efgh', 'ij']],
    ['東京都千代田区', 6, ['東京都', '千代田', '区']],
    ['東京都千代田区, JP', 8, ['東京都千', '代田区,', 'JP']],
    ['a 東京都', 3, ['a', '東', '京', '都']],
    ['東', 1, ['東']],
    ['', 5, ['']],
  ])('%j at %i columns', (text, width, expected) => {
    expect(lines(text, width)).toEqual(expected);
  });
});
