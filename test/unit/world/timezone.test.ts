import { beforeAll, describe, expect, it } from 'vitest';
import { nauticalZone, utcOffsetSeconds } from '../../../src/world/timezone.js';
import type { World } from '../../../src/world/types.js';
import { testWorld, utc } from '../../helpers/world.js';

const JANUARY = utc(2026, 1, 15, 12);
const JULY = utc(2026, 7, 15, 12);

const CASES = [
  ['London in January', 51.5074, -0.1278, JANUARY, 'Europe/London', 0],
  ['London in July', 51.5074, -0.1278, JULY, 'Europe/London', 3600],
  ['Sydney in January', -33.8688, 151.2093, JANUARY, 'Australia/Sydney', 39600],
  ['Sydney in July', -33.8688, 151.2093, JULY, 'Australia/Sydney', 36000],
  ['Kathmandu', 27.7172, 85.324, JANUARY, 'Asia/Kathmandu', 20700],
  ['New York in July', 40.7128, -74.006, JULY, 'America/New_York', -14400],
  ['open Pacific', 0, -140, JANUARY, 'Etc/GMT+9', -32400],
  ['Gulf of Guinea', 0, 0, JULY, 'Etc/GMT', 0],
] as const;

describe('time zones', () => {
  it.each(CASES)('%s', (_label, _lat, _lon, dt, zone, offset) => {
    expect(utcOffsetSeconds(zone, dt)).toBe(offset);
  });

  it('gives the open sea whole hours by longitude, 15° per zone', () => {
    const lons = [-180, -172.6, -140, -7.4, 0, 7.4, 7.6, 100, 172.4, 179.9];
    expect(lons.map(nauticalZone)).toStrictEqual([
      'Etc/GMT+12',
      'Etc/GMT+12',
      'Etc/GMT+9',
      'Etc/GMT',
      'Etc/GMT',
      'Etc/GMT',
      'Etc/GMT-1',
      'Etc/GMT-7',
      'Etc/GMT-11',
      'Etc/GMT-12',
    ]);
  });

  it('changes offset at the DST transition to the second', () => {
    // Europe/London: clocks go forward at 01:00 UTC on 2026-03-29.
    expect(utcOffsetSeconds('Europe/London', utc(2026, 3, 29, 0, 59) + 59)).toBe(0);
    expect(utcOffsetSeconds('Europe/London', utc(2026, 3, 29, 1))).toBe(3600);
  });

  it('reads half-hour and negative offsets', () => {
    expect(utcOffsetSeconds('America/St_Johns', JANUARY)).toBe(-12600);
    expect(utcOffsetSeconds('Asia/Kolkata', JANUARY)).toBe(19800);
    expect(utcOffsetSeconds('Pacific/Kiritimati', JANUARY)).toBe(50400);
  });
});

describe('observe reports the zone and its offset', () => {
  let world: World;
  beforeAll(async () => {
    world = await testWorld();
  });

  it.each(CASES)('%s', (_label, lat, lon, dt, zone, offset) => {
    expect(world.observe(lat, lon, dt)).toMatchObject({ zone, timezoneOffset: offset, dt });
  });
});

describe('utcOffsetSeconds, asked again', () => {
  it('answers each zone for the instant asked, not the one asked before', () => {
    const asked = [
      ['Europe/London', utc(2026, 3, 29, 0, 59) + 59, 0],
      ['Europe/London', utc(2026, 3, 29, 1), 3600],
      ['Europe/London', utc(2026, 3, 29, 1), 3600],
      ['Europe/London', utc(2026, 3, 29, 0, 59) + 59, 0],
      ['Asia/Kolkata', utc(2026, 3, 29, 0, 59) + 59, 19800],
    ] as const;
    expect(asked.map(([zone, at]) => utcOffsetSeconds(zone, at))).toEqual(
      asked.map(([, , offset]) => offset),
    );
  });
});
