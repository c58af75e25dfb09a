import { afterEach, describe, expect, it } from 'vitest';
import { parseCoordinate } from '../../../src/core/coordinates.js';
import { isoProblem, parseInstant } from '../../../src/core/instant.js';
import { formatAge, formatOffset, isoUtc, localTime } from '../../../src/core/localtime.js';
import { maskKey, redactUrl } from '../../../src/core/mask.js';

describe('parseCoordinate', () => {
  it.each([
    ['51.5', 90, 51.5],
    ['-0.1', 180, -0.1],
    ['+12', 90, 12],
    ['90', 90, 90],
    ['-90', 90, -90],
    ['180', 180, 180],
    ['-180', 180, -180],
    ['.5', 90, 0.5],
    ['.55', 90, 0.55],
    ['-.25', 90, -0.25],
    ['1e01', 90, 10],
    ['4500e-02', 90, 45],
    ['5.', 90, 5],
    ['1e1', 90, 10],
    ['-0', 90, 0],
    ['0.00001', 90, 0.00001],
    ['9e-1', 90, 0.9],
  ])('%s within ±%s → %s', (text, limit, value) => {
    expect(parseCoordinate(text, limit)).toBe(value);
  });

  it.each([
    ['', 90],
    [' ', 90],
    ['abc', 90],
    ['NaN', 90],
    ['Infinity', 90],
    ['-Infinity', 90],
    ['0x10', 90],
    ['1e999', 90],
    ['90.0001', 90],
    ['-90.0001', 90],
    ['180.01', 180],
    [' 51', 90],
    ['51 ', 90],
    ['51,5', 90],
    ['5-1', 90],
    ['--1', 90],
    ['1e', 90],
    ['.', 90],
    ['1_0', 90],
  ])('%j within ±%s is not a coordinate', (text, limit) => {
    expect(parseCoordinate(text, limit)).toBeUndefined();
  });

  it('never returns -0', () => {
    expect(Object.is(parseCoordinate('-0', 90), 0)).toBe(true);
  });
});

describe('parseInstant', () => {
  it.each([
    ['1767268800', 1767268800000],
    ['0', 0],
    ['2026-01-01T12:00:00Z', 1767268800000],
    ['2026-01-01T12:00:00', 1767268800000],
    ['2026-01-01T13:00:00+01:00', 1767268800000],
    ['2026-01-01', 1767225600000],
    ['2026-01-01 12:00', 1767268800000],
    ['2024-02-29T00:00:00Z', 1709164800000],
  ])('%s → %s', (text, ms) => {
    expect(parseInstant(text)).toBe(ms);
  });

  it.each([
    '',
    'now',
    'tomorrow',
    '2026-13-45T00:00:00Z',
    '2026-02-30',
    '2026-02-29T00:00:00Z',
    '2026-04-31',
    '2026-01-01T24:00:00Z',
    '2026-01-01T12:60',
    '2026-01-01T12:00:61Z',
    '2026-01-01T12:00:00+25:00',
    '2026-01-01T12',
    '12:00',
    '1e9',
    '99999999999999999999',
  ])('%j is not an instant', (text) => {
    expect(parseInstant(text)).toBeUndefined();
  });
});

describe('isoProblem', () => {
  it.each([
    ['2026-02-30', 'February 2026 has 28 days'],
    ['2024-02-30T00:00Z', 'February 2024 has 29 days'],
    ['2026-00-10', 'there is no month 0'],
    ['2026-13-01', 'there is no month 13'],
    ['2026-06-00', 'June 2026 has 30 days'],
    ['2026-01-01T24:00', 'there is no hour 24'],
    ['2026-01-01T23:60', 'there is no minute 60'],
    ['2026-01-01T23:59:60Z', 'there is no second 60'],
    ['2026-01-01T23:59:59+24:00', 'the zone offset is not one'],
    ['2026-01-01T23:59:59.999-12:00', undefined],
    ['yesterday', 'not ISO 8601'],
  ])('%s → %s', (text, problem) => {
    expect(isoProblem(text)).toBe(problem);
  });
});

describe('local time from a UTC offset', () => {
  it.each([
    [0, '+00:00'],
    [3600, '+01:00'],
    [-25200, '-07:00'],
    [19800, '+05:30'],
    [20700, '+05:45'],
    [-12600, '-03:30'],
    [46800, '+13:00'],
  ])('offset %s → %s', (seconds, text) => {
    expect(formatOffset(seconds)).toBe(text);
  });

  it.each([
    // Kathmandu, a day boundary crossed forwards and Honolulu backwards.
    [1767268800, 20700, { date: '2026-01-01', time: '17:45', offset: '+05:45' }],
    [1767225599, 3600, { date: '2026-01-01', time: '00:59', offset: '+01:00' }],
    [1767225600, -36000, { date: '2025-12-31', time: '14:00', offset: '-10:00' }],
  ])('%s at %s', (unix, offset, expected) => {
    expect(localTime(unix, offset)).toEqual(expected);
  });

  it('writes ISO 8601 UTC without a zone, like the XML representation', () => {
    expect(isoUtc(1579072219)).toBe('2020-01-15T07:10:19');
  });

  it.each([
    [0, '0s'],
    [59.4, '59s'],
    [60, '1m'],
    [3599, '59m'],
    [3600, '1h'],
    [3660, '1h 1m'],
    [86400, '1d'],
    [90000, '1d 1h'],
    [-5, '0s'],
  ])('age %s s → %s', (seconds, text) => {
    expect(formatAge(seconds)).toBe(text);
  });
});

describe('keys never shown whole', () => {
  it.each([
    ['0123456789abcdef0123456789abcdef', '0123************************cdef'],
    ['abcdefghijkl', 'abcd****ijkl'],
    ['abcdefghijk', '***********'],
    ['short', '*****'],
    ['abc', '****'],
  ])('%s → %s', (key, masked) => {
    expect(maskKey(key)).toBe(masked);
  });

  it.each([
    ['http://x/weather?lat=1&appid=secret&lon=2', 'http://x/weather?lat=1&appid=***&lon=2'],
    ['http://x/weather?appid=secret', 'http://x/weather?appid=***'],
    ['http://x/weather?APPID=s#f', 'http://x/weather?APPID=***#f'],
    ['no url here', 'no url here'],
    ['GET /weather?appid=k1 is slow; retry', 'GET /weather?appid=*** is slow; retry'],
  ])('%s', (url, redacted) => {
    expect(redactUrl(url)).toBe(redacted);
  });
});

describe('local time does not depend on the machine’s TZ', () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });

  it.each(['UTC', 'America/New_York', 'Asia/Kathmandu', 'Pacific/Chatham', 'Australia/Lord_Howe'])(
    'TZ=%s',
    (tz) => {
      process.env.TZ = tz;
      // The machine's zone really changed (so this test can fail)...
      const machineOffset = new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset();
      expect(machineOffset).toBe(
        {
          UTC: 0,
          'America/New_York': 300,
          'Asia/Kathmandu': -345,
          'Pacific/Chatham': -825,
          'Australia/Lord_Howe': -660,
        }[tz],
      );
      // ...and the location's time did not: Tokyo (UTC+9) at 2026-01-01T12:00Z is 21:00.
      expect(localTime(1767268800, 32400)).toEqual({
        date: '2026-01-01',
        time: '21:00',
        offset: '+09:00',
      });
      expect(localTime(1767268800, -36000)).toEqual({
        date: '2026-01-01',
        time: '02:00',
        offset: '-10:00',
      });
    },
  );
});
