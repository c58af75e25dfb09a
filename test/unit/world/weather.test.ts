import { describe, expect, it } from 'vitest';
import {
  anomalyShape,
  belowHeatCeiling,
  dayToDaySpreadC,
  spreadWinterness,
  winterness,
  HEAT_CEILING_C,
  heatWave,
  NORTHERN_MIDWINTER_DAY,
  rainOverlap,
  systemsAt,
  tailsAt,
} from '../../../src/world/weather.js';
import { TROPICAL_YEAR_DAYS } from '../../../src/world/geo.js';
import { sequence } from '../../helpers/world.js';

/** A share of the hours per potential: its rank among all the samples, 0 … 1. */
function ranks(values: readonly number[]): Float64Array {
  const order = values.map((_, i) => i).sort((a, b) => (values[a] ?? 0) - (values[b] ?? 0));
  const out = new Float64Array(values.length);
  order.forEach((i, k) => (out[i] = k / values.length));
  return out;
}

describe("the regime's tails", () => {
  it('grow from 25° on the warm side and from 30° on the cold, both full 15° further', () => {
    expect(tailsAt(20)).toStrictEqual({ warm: 0, cold: 0 });
    expect(tailsAt(-32.5).warm).toBeCloseTo(0.5, 12);
    expect(tailsAt(-32.5).cold).toBeCloseTo(0.0741, 4);
    expect(tailsAt(37.5).cold).toBeCloseTo(0.5, 12);
    expect(tailsAt(45)).toStrictEqual({ warm: 1, cold: 1 });
  });

  it('leave the mean where they are: the longer side is made up for', () => {
    // 400,000 points spread evenly over the sphere and over ten years; the shape's mean with the
    // tails of 35° (the warm one three times the cold) against its mean with symmetric tails.
    const random = sequence(13);
    const n = 400_000;
    const tails = tailsAt(35);
    const means = { summer: 0, winter: 0, symmetric: 0 };
    for (let i = 0; i < n; i++) {
      const lat = (Math.asin(2 * random() - 1) * 180) / Math.PI;
      const { sector, regime } = systemsAt(lat, random() * 360 - 180, 1.77e9 + random() * 3.15e8);
      means.summer += anomalyShape(sector, regime, tails, -1) / n;
      means.winter += anomalyShape(sector, regime, tails, 1) / n;
      means.symmetric += anomalyShape(sector, regime, { warm: 0, cold: 0 }, 0) / n;
    }
    console.log(
      `shape's mean: summer ${means.summer.toFixed(4)}, winter ${means.winter.toFixed(4)}, ` +
        `symmetric ${means.symmetric.toFixed(4)}`,
    );
    expect(tails.warm).toBeGreaterThan(2.5 * tails.cold);
    // Within 0.01 of the symmetric shape's (its standard deviation is about 0.6).
    expect(Math.abs(means.summer - means.symmetric)).toBeLessThan(0.01);
    expect(Math.abs(means.winter - means.symmetric)).toBeLessThan(0.01);
  });
});

describe('rainOverlap', () => {
  it('is the share of hours in the top s of the stratiform and the top c of the convective potential', () => {
    // 200,000 points spread evenly over the sphere and over ten years, from a fixed sequence.
    const n = 200_000;
    const random = sequence(11);
    const stratiform: number[] = [];
    const convective: number[] = [];
    for (let i = 0; i < n; i++) {
      const lat = (Math.asin(2 * random() - 1) * 180) / Math.PI;
      const lon = random() * 360 - 180;
      const dt = 1.77e9 + random() * 3.15e8;
      const systems = systemsAt(lat, lon, dt);
      stratiform.push(systems.stratiformPotential);
      convective.push(systems.convectivePotential);
    }
    const [rs, rc] = [ranks(stratiform), ranks(convective)];
    const rows: string[] = [];
    for (const [s, c] of [
      [0.01, 0.01],
      [0.04, 0.01],
      [0.01, 0.04],
      [0.04, 0.04],
      [0.1, 0.03],
      [0.03, 0.1],
      [0.15, 0.15],
    ] as const) {
      let both = 0;
      for (let i = 0; i < n; i++) if ((rs[i] ?? 0) >= 1 - s && (rc[i] ?? 0) >= 1 - c) both++;
      const measured = both / n;
      rows.push(`${s} ${c}: ${measured.toFixed(4)} ${rainOverlap(s, c).toFixed(4)}`);
      // Far more than by chance, and the fit within a fifth of what is measured.
      expect(measured).toBeGreaterThan(2 * s * c);
      expect(rainOverlap(s, c) / measured).toBeGreaterThan(0.8);
      expect(rainOverlap(s, c) / measured).toBeLessThan(1.2);
    }
    console.log(rows.join('\n'));
  });

  it('is none without either kind, and never more than most of the smaller one', () => {
    expect(rainOverlap(0, 0.1)).toBe(0);
    expect(rainOverlap(0.1, 0)).toBe(0);
    expect(rainOverlap(0.9, 0.01)).toBeLessThanOrEqual(0.9 * 0.01);
    expect(rainOverlap(0.01, 0.9)).toBeLessThanOrEqual(0.9 * 0.01);
  });
});

describe('heatWave', () => {
  const coast = { heatContrastC: 6, annualRangeC: 10, landNearby: 0.5 };

  it('averages to nothing over the regime: the month keeps its mean', () => {
    // 400,000 points spread evenly over the sphere and over ten years, in midsummer terms.
    const random = sequence(12);
    let total = 0;
    let hot = 0;
    const n = 400_000;
    for (let i = 0; i < n; i++) {
      const lat = (Math.asin(2 * random() - 1) * 180) / Math.PI;
      const lon = random() * 360 - 180;
      const heat = heatWave(40, systemsAt(lat, lon, 1.77e9 + random() * 3.15e8).regime, -1, coast);
      total += heat;
      if (heat > 0) hot++;
    }
    console.log(
      `mean ${(total / n).toFixed(4)} °C, share of days with heat ${(hot / n).toFixed(3)}`,
    );
    // Its range is 14 °C (2.3 × 6 °C): a mean within 0.02 °C of zero.
    expect(Math.abs(total / n)).toBeLessThan(0.02);
    // Heat on a tenth of summer days at most (the regime's top tenth), a slight cool the rest.
    expect(hot / n).toBeGreaterThan(0.05);
    expect(hot / n).toBeLessThan(0.1);
  });

  it("brings the interior's heat in midsummer on a maritime coast, none in winter or inland", () => {
    // At the regime's top, 2.3 times the contrast (less the mean taken off).
    expect(heatWave(40, 0.96, -1, coast)).toBeCloseTo(2.3 * 6 * (1 - 0.0189), 6);
    expect(heatWave(40, 0.88, -1, coast)).toBeCloseTo(2.3 * 6 * (0.25 - 0.0189), 6);
    expect(heatWave(40, 0.5, -1, coast)).toBeCloseTo(-2.3 * 6 * 0.0189, 6);
    // Half as much between the seasons, none from the equinox to the end of winter.
    expect(heatWave(40, 0.96, -0.5, coast)).toBeCloseTo(heatWave(40, 0.96, -1, coast) / 2, 6);
    expect([heatWave(40, 0.96, 0, coast), heatWave(40, 0.96, 1, coast)]).toStrictEqual([0, 0]);
    // None without a hotter interior, and none where the annual range is continental (≥ 30 °C).
    expect(heatWave(40, 0.96, -1, { heatContrastC: 0, annualRangeC: 10, landNearby: 0.5 })).toBe(0);
    expect(heatWave(40, 0.96, -1, { heatContrastC: 6, annualRangeC: 30, landNearby: 0.5 })).toBe(0);
    // None in the tropics, half at 27°, all from 32° (south as north).
    expect(heatWave(20, 0.96, -1, coast)).toBe(0);
    expect(heatWave(-27, 0.96, -1, coast)).toBeCloseTo(heatWave(40, 0.96, -1, coast) / 2, 6);
    expect(heatWave(-32, 0.96, -1, coast)).toBe(heatWave(40, 0.96, -1, coast));
    // None out at sea with no shore within 300 km, half where a tenth of that is land.
    expect(heatWave(40, 0.96, -1, { ...coast, landNearby: 0 })).toBe(0);
    expect(heatWave(40, 0.96, -1, { ...coast, landNearby: 0.1 })).toBeCloseTo(
      heatWave(40, 0.96, -1, coast) / 2,
      6,
    );
    // A desert just behind a cold-current coast: no more than 15 °C, however great the contrast.
    expect(
      heatWave(40, 0.96, -1, { heatContrastC: 20, annualRangeC: 6, landNearby: 0.5 }),
    ).toBeCloseTo(15 * (1 - 0.0189), 6);
    expect(
      heatWave(40, 0.96, -1, { heatContrastC: 6, annualRangeC: 21, landNearby: 0.5 }),
    ).toBeCloseTo(heatWave(40, 0.96, -1, coast) / 2, 6);
  });
});

describe('belowHeatCeiling', () => {
  it('leaves an import whole while the room under the ceiling is ample', () => {
    // London at the top of a heat wave: 31 °C of its own, 6 °C imported, 16 °C of room.
    expect(belowHeatCeiling(6, 31, 25)).toBeCloseTo(6, 2);
    expect(belowHeatCeiling(6, 31, 25)).toBeLessThan(6);
    // A negative import (the mean taken off on the other days) is left as it is.
    expect(belowHeatCeiling(-0.3, 46, 0)).toBe(-0.3);
    expect(belowHeatCeiling(0, 30, 0)).toBe(0);
  });

  it('never takes the afternoon above the ceiling, lower by the lapse rate at height', () => {
    // Seville at the top: 42.4 °C of its own and 6 °C to import, 4.6 °C of room.
    const seville = belowHeatCeiling(6, 42.4, 0);
    expect(seville).toBeLessThan(HEAT_CEILING_C - 42.4);
    expect(seville).toBeGreaterThan(HEAT_CEILING_C - 42.4 - 1);
    for (const heat of [1, 5, 10, 15, 30, 100]) {
      expect(42.4 + belowHeatCeiling(heat, 42.4, 0)).toBeLessThan(HEAT_CEILING_C);
      // 1,000 m up, the ceiling is 5.8 °C lower.
      expect(36 + belowHeatCeiling(heat, 36, 1000)).toBeLessThan(HEAT_CEILING_C - 5.8);
    }
    // Air already at the ceiling on its own imports nothing.
    expect(belowHeatCeiling(10, HEAT_CEILING_C, 0)).toBe(0);
    expect(belowHeatCeiling(10, 42, 1000)).toBe(0);
  });

  it('grows with the import and is continuous where the import meets the room', () => {
    let previous = 0;
    for (let heat = 0.1; heat < 30; heat += 0.1) {
      const bent = belowHeatCeiling(heat, 37, 0);
      expect(bent).toBeGreaterThan(previous);
      expect(bent - previous).toBeLessThan(0.1 + 1e-9);
      previous = bent;
    }
  });
});

describe('the day-to-day spread through the year', () => {
  const DAY = 86_400;
  // The northern midwinter (16 January 2000, noon), and the year.
  const midwinter = NORTHERN_MIDWINTER_DAY * DAY;
  const year = TROPICAL_YEAR_DAYS * DAY;

  it('keeps winter longer into spring than into autumn, and is winterness at the solstices', () => {
    for (const lat of [45, -45]) {
      expect(spreadWinterness(lat, midwinter)).toBeCloseTo(winterness(lat, midwinter), 12);
      expect(spreadWinterness(lat, midwinter + year / 2)).toBeCloseTo(
        winterness(lat, midwinter + year / 2),
        12,
      );
    }
    // The northern spring equinox of the spread's year: winterness 0, the spread's as winter's
    // 25 days earlier (sin 24.6°).
    const spring = midwinter + year / 4;
    expect(winterness(45, spring)).toBeCloseTo(0, 12);
    expect(spreadWinterness(45, spring)).toBeCloseTo(
      Math.sin((2 * Math.PI * 25) / TROPICAL_YEAR_DAYS),
      12,
    );
    // The southern hemisphere's spring is the northern autumn, where the north has no lag.
    const autumn = midwinter + (3 * year) / 4;
    expect(spreadWinterness(45, autumn)).toBeCloseTo(winterness(45, autumn), 12);
    expect(spreadWinterness(-45, autumn)).toBeCloseTo(spreadWinterness(45, spring), 12);
    // Never beyond winterness's own range, and continuous day by day.
    let previous = spreadWinterness(45, midwinter);
    for (let day = 1; day <= 366; day++) {
      const w = spreadWinterness(45, midwinter + day * DAY);
      expect(Math.abs(w)).toBeLessThanOrEqual(1);
      expect(Math.abs(w - previous)).toBeLessThan(0.025);
      previous = w;
    }
  });

  it("takes a hot, dry summer's own heating out of the annual range it grows with", () => {
    const climate = { annualRangeC: 17, wetSeason: 0, seasonality: 0, drySummer: 0, landFar: 0.5 };
    const dry = { ...climate, drySummer: 1 };
    // Midwinter at 40°: the range's 17 °C less 30 % is 11.9 °C, as a moist coast's.
    expect(dayToDaySpreadC(40, dry, 1)).toBeCloseTo(
      dayToDaySpreadC(40, { ...climate, annualRangeC: 11.9 }, 1),
      12,
    );
    expect(dayToDaySpreadC(40, dry, 1)).toBeLessThan(dayToDaySpreadC(40, climate, 1));
  });

  it('is smaller in winter where the region within 1,200 km is mostly sea', () => {
    // Tokyo-like: a 21.5 °C range, a seventh of the region land.
    const japan = { annualRangeC: 21.5, wetSeason: 0, seasonality: 0, drySummer: 0, landFar: 0.1 };
    const continent = { ...japan, landFar: 0.5 };
    // Midwinter: 30 % less; midsummer and between the thresholds' ends, as the land share says.
    expect(dayToDaySpreadC(36, japan, 1)).toBeCloseTo(0.7 * dayToDaySpreadC(36, continent, 1), 12);
    expect(dayToDaySpreadC(36, japan, -1)).toBe(dayToDaySpreadC(36, continent, -1));
    expect(dayToDaySpreadC(36, { ...japan, landFar: 0.35 }, 1)).toBe(
      dayToDaySpreadC(36, continent, 1),
    );
    expect(dayToDaySpreadC(36, { ...japan, landFar: 0.225 }, 1)).toBeCloseTo(
      0.85 * dayToDaySpreadC(36, continent, 1),
      12,
    );
  });
});
