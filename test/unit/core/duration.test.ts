import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from '../../../src/core/duration.js';

describe('parseDuration', () => {
  it.each([
    ['90s', 90],
    ['10m', 600],
    ['1h', 3600],
    ['2d', 172_800],
    ['0s', 0],
    [' 5m ', 300],
    ['366d', 31_622_400],
  ])('%j → %s s', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each(['', '10', 'm', '10 m', '1.5h', '-1m', '10M', '1w', '367d', '1e3s', '10m5s', '0x10s'])(
    '%j is not a duration',
    (text) => {
      expect(parseDuration(text)).toBeUndefined();
    },
  );
});

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [59, '59s'],
    [90, '90s'],
    [600, '10m'],
    [3600, '1h'],
    [5400, '90m'],
    [86_400, '1d'],
    [90_000, '25h'],
  ])('%s s → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
    expect(parseDuration(text)).toBe(seconds);
  });
});
