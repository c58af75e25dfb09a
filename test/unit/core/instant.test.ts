import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoProblem, parseInstant, parseIsoAsUtc } from '../../../src/core/instant.js';

// A zone away from UTC, so that a time read as the machine's local time cannot pass for UTC.
const original = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  if (original === undefined) delete process.env.TZ;
  else process.env.TZ = original;
});

const NOON = Date.UTC(2026, 0, 1, 12, 0, 0);
const MIDNIGHT = Date.UTC(2026, 0, 1);

describe('parseIsoAsUtc', () => {
  it('runs in a zone behind UTC (so that this table can fail)', () => {
    expect(new Date(NOON).getTimezoneOffset()).toBe(300);
  });

  it.each([
    ['no zone: UTC, not the machine’s', '2026-01-01T12:00:00', NOON],
    ['no zone, no seconds', '2026-01-01T12:00', NOON],
    ['Z', '2026-01-01T12:00:00Z', NOON],
    ['lower-case z', '2026-01-01T12:00:00z', NOON],
    ['offset with a colon', '2026-01-01T17:30:00+05:30', NOON],
    ['offset without a colon', '2026-01-01T17:30:00+0530', NOON],
    ['negative offset', '2026-01-01T07:00:00-05:00', NOON],
    ['a date alone', '2026-01-01', MIDNIGHT],
    // Date.parse reads `0049-01-01Z` as 2049: a date alone is given no zone designator.
    ['a date alone in the first century', '0049-01-01', Date.parse('0049-01-01T00:00:00.000Z')],
    ['spaces around', ' 2026-01-01T12:00:00 ', NOON],
  ])('%s: %s', (_what, text, ms) => {
    expect(parseIsoAsUtc(text)).toBe(ms);
  });

  // Only the calendar forms of ISO 8601 with two-digit months and days and four-digit years.
  it.each([
    '',
    'yesterday',
    '2026-13-45T00:00:00',
    '12:00',
    '2026-01-1',
    '2026-1-01',
    '+002026-01-01T12:00:00',
  ])('%j is not a time', (text) => {
    expect(parseIsoAsUtc(text)).toBeUndefined();
  });
});

describe('isoProblem', () => {
  it.each([
    ['a real instant', '2026-01-01T12:00:00Z', undefined],
    ['spaces around a day that does not exist', ' 2026-02-30 ', 'February 2026 has 28 days'],
    ['the largest zone offset', '2026-01-01T12:00:00+23:59', undefined],
    ['a zone offset of 24 hours', '2026-01-01T12:00:00+24:00', 'the zone offset is not one'],
    ['a zone offset of 60 minutes', '2026-01-01T12:00:00-05:60', 'the zone offset is not one'],
  ])('%s: %j', (_what, text, problem) => {
    expect(isoProblem(text)).toBe(problem);
  });
});

describe('parseInstant', () => {
  it.each([
    ['Unix seconds', '1767268800', NOON],
    ['Unix seconds with spaces around', ' 1767268800 ', NOON],
    ['negative Unix seconds', '-86400', -86_400_000],
    ['the last second Date can hold', '8640000000000', 8.64e15],
    ['the first second Date can hold', '-8640000000000', -8.64e15],
    ['ISO without a zone: UTC', '2026-01-01T12:00:00', NOON],
    ['ISO with spaces around', '  2026-01-01T12:00:00Z ', NOON],
  ])('%s: %j', (_what, text, ms) => {
    expect(parseInstant(text)).toBe(ms);
  });

  it.each([
    ['one second past what Date can hold', '8640000000001'],
    ['one second before what Date can hold', '-8640000000001'],
    ['seconds whose milliseconds are not a safe integer', '9007199254741'],
    ['a date in words (Date.parse would take it)', 'Jan 1 2026'],
    ['a date in words with an ISO date later on', 'on 2026-01-01'],
    ['a one-digit day', '2026-01-1'],
    ['a one-digit month', '2026-1-01'],
  ])('%s: %j is not an instant', (_what, text) => {
    expect(parseInstant(text)).toBeUndefined();
  });
});
