import { getPosition, getTimes } from 'suncalc';
import { describe, expect, it } from 'vitest';
import { sunAltitudeDeg, sunriseSunset } from '../../../src/world/solar.js';

/** A fixed sequence of pseudo-random numbers in [0, 1) (Park–Miller), so a failure repeats. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 16807) % 2147483647) / 2147483647;
}

const FROM_MS = Date.UTC(1990, 0, 1);
const TO_MS = Date.UTC(2060, 0, 1);

/** Instants over 1990–2060 and coordinates worldwide, poles and polar days included. */
function cases(count: number): [number, number, number][] {
  const next = sequence(20_260_101);
  const list: [number, number, number][] = [];
  for (let i = 0; i < count; i++) {
    const ms = Math.floor(FROM_MS + next() * (TO_MS - FROM_MS));
    const lat = i % 50 === 0 ? (i % 100 === 0 ? 90 : -90) : next() * 180 - 90;
    list.push([ms, lat, next() * 360 - 180]);
  }
  return list;
}

describe('the solar solver', () => {
  it('gives suncalc’s sunrise and sunset to the millisecond at 20,000 instants and places', () => {
    const ours: unknown[] = [];
    const theirs: unknown[] = [];
    for (const [ms, lat, lon] of cases(20_000)) {
      ours.push(sunriseSunset(ms, lat, lon));
      const times = getTimes(new Date(ms), lat, lon);
      theirs.push({
        sunrise: times.sunrise === null ? null : times.sunrise.getTime(),
        sunset: times.sunset === null ? null : times.sunset.getTime(),
      });
    }
    expect(ours).toEqual(theirs);
    expect(theirs.filter((t) => JSON.stringify(t).includes('null')).length).toBeGreaterThan(100);
  });

  it('gives suncalc’s apparent altitude, the same float, at 20,000 instants and places', () => {
    const ours: number[] = [];
    const theirs: number[] = [];
    for (const [ms, lat, lon] of cases(20_000)) {
      ours.push(sunAltitudeDeg(ms, lat, lon));
      theirs.push(getPosition(new Date(ms), lat, lon).altitude);
    }
    expect(ours).toEqual(theirs);
  });
});
